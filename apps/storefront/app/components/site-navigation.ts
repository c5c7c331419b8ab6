/**
 * The four product categories of spec §9, hard-coded for the home page's category links. The
 * header and footer take their navigation from content (features/site-chrome); this list goes
 * once the home page does the same.
 */
export const MAIN_NAVIGATION = [
  { label: 'Bindings', path: '/c/bindings' },
  { label: 'Helmets', path: '/c/helmets' },
  { label: 'Goggles', path: '/c/goggles' },
  { label: 'Accessories', path: '/c/accessories' },
] as const;
