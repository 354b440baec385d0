/** Product pictures are checked against real files, so product fixtures use pictures that exist. */
export const PICTURE = './images/cumin-seeds/cumin-seeds-1.jpg';

/** A product's front matter that the build and the workbench accept, every optional field present. */
export const PRODUCT_FRONT_MATTER = {
  title: 'Cumin Seeds',
  aliases: ['jeera'],
  variety: 'Seeds',
  origin: 'Unjha, Gujarat, India',
  added: '2025-01-20',
  netQuantities: [{ label: '100 g', grams: 100, price: 6.5 }],
  images: [
    { src: PICTURE, alt: 'Cumin Seeds, 100 g tin', pack: '100 g' },
    { src: PICTURE, alt: 'Cumin in a bowl' },
  ],
  video: '/videos/kashmiri-saffron.mp4',
  ingredients: ['Whole cumin seeds'],
  nutrition: { calories: 375, protein: 17.8, carbs: 44.2, fat: 22.3 },
  tags: ['whole'],
  inStock: true,
  featured: false,
  newArrival: false,
  bestSeller: true,
  offer: 20,
  // Every season of the harvest's year starts before packing: the build also refuses a harvest
  // after packing, which the workbench, checking one field at a time, cannot (tests/unit/lots.test.ts).
  lots: [{ harvest: { season: 'Spring', year: 2024 }, region: 'Unjha, Gujarat', packedOn: '2025-06-02' }],
  shelfLifeMonths: 18,
  pairsWith: ['coriander-seeds'],
};

/** A recipe's front matter that the build and the workbench accept. */
export const RECIPE_FRONT_MATTER = {
  title: 'Chana Masala',
  summary: 'Chickpeas in a dark, tangy gravy.',
  picture: { src: './images/chana-masala/chana-masala.jpg', alt: 'A bowl of chickpeas in gravy' },
  prepMinutes: 15,
  cookMinutes: 40,
  serves: 4,
  spices: [{ product: 'cumin-seeds', amount: '1 teaspoon' }],
  ingredients: ['2 tins chickpeas'],
  steps: ['Fry the cumin seeds.'],
  cuisine: 'Indian',
  course: 'Main',
  published: '2026-11-20',
};
