// What the top bar's parts share: its links and the classes of its buttons and menu items.

/** The top bar's links, repeated in the mobile menu. */
export const SHOP_LINKS = [
  { href: '/products', label: 'Shop' },
  { href: '/about', label: 'About' },
  { href: '/our-story', label: 'Our Story' },
  { href: '/sustainability', label: 'Sustainability' },
  { href: '/careers', label: 'Careers' },
];

/** Whether `href` is the page at `path` or a section that holds it. */
export const isCurrent = (path: string, href: string) => path === href || path.startsWith(`${href}/`);

export const iconButton =
  'relative grid size-9 place-items-center rounded-full text-ink transition-colors hover:bg-cream min-[400px]:size-10 sm:size-11';
