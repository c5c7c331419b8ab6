/**
 * The built-in navigation shown until the content service supplies the header
 * (spec §3 'Header content'): the four product categories of spec §9 and the editorial pages.
 */
export const MAIN_NAVIGATION = [
  { label: 'Bindings', path: '/c/bindings' },
  { label: 'Helmets', path: '/c/helmets' },
  { label: 'Goggles', path: '/c/goggles' },
  { label: 'Accessories', path: '/c/accessories' },
] as const;

export const SECONDARY_NAVIGATION = [
  { label: 'Team', path: '/team' },
  { label: 'Blog', path: '/blog' },
  { label: 'Stores', path: '/stores' },
  { label: 'Support', path: '/support' },
] as const;
