import { NavLink } from 'react-router';

const PAGES = [
  { to: '/catalogue', label: 'Products', end: true },
  { to: '/catalogue/categories', label: 'Categories', end: false },
  { to: '/catalogue/customer-groups', label: 'Customer-group prices', end: false },
  { to: '/catalogue/import', label: 'Import and export', end: false },
];

/** The catalogue area's own pages, above each of them. */
export function CatalogueNav() {
  return (
    <nav aria-label="Catalogue" className="row">
      {PAGES.map((page) => (
        <NavLink key={page.to} to={page.to} end={page.end} className="button">
          {page.label}
        </NavLink>
      ))}
    </nav>
  );
}
