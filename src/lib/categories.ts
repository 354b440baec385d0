/** The five product categories, in the order the catalogue's filter shows them. */
export const CATEGORIES = ['Spices', 'Herbs', 'Seeds', 'Blends', 'Powders'] as const;
export type Category = (typeof CATEGORIES)[number];
