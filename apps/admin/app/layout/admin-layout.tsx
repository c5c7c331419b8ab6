import { useState } from 'react';
import { Form, Link, NavLink, Outlet, useLocation, useNavigation } from 'react-router';
import type { Route } from './+types/admin-layout';
import { loadStaff, staffMay } from '../lib/session';
import { NAVIGATION } from './navigation';

/** Every page but sign-in: the staff member must be signed in (the API sends them to sign in if not). */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return { staff: await loadStaff(request.signal) };
}

const ROLE_LABEL = { owner: 'Owner', merchandiser: 'Merchandiser', support: 'Support' } as const;

/** The back office's frame: header, navigation by role, and the page. */
export default function AdminLayout({ loaderData: { staff } }: Route.ComponentProps) {
  const location = useLocation();
  // Opened on a phone for the page it was opened on: following a link closes it.
  const [navOpenOn, setNavOpenOn] = useState<string | null>(null);
  const navOpen = navOpenOn === location.pathname;
  const navigation = useNavigation();
  const areas = NAVIGATION.filter((area) => staffMay(staff, area.permission));

  return (
    <div className={`shell${navOpen ? ' shell--nav-open' : ''}`}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="shell__header">
        <button
          type="button"
          className="shell__nav-toggle"
          aria-expanded={navOpen}
          aria-controls="admin-navigation"
          onClick={() => setNavOpenOn(navOpen ? null : location.pathname)}
        >
          <span aria-hidden="true">☰</span>
          <span className="visually-hidden">Menu</span>
        </button>
        <Link to="/" className="shell__brand">
          Piste <span>admin</span>
        </Link>
        <div className="shell__staff">
          <Link to="/account" className="shell__account" title="My account">
            <span className="shell__staff-name">{staff.name}</span>
            <span className="shell__staff-role">{ROLE_LABEL[staff.role]}</span>
          </Link>
          <Form method="post" action="/sign-out">
            <button type="submit" className="button button--quiet">
              Sign out
            </button>
          </Form>
        </div>
      </header>
      <nav id="admin-navigation" className="shell__nav" aria-label="Back office">
        <ul>
          {areas.map((area) => (
            <li key={area.to}>
              <NavLink to={area.to} end={area.to === '/'} className="shell__nav-link">
                {area.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" className="shell__main" aria-busy={navigation.state === 'loading' || undefined}>
        {navigation.state === 'loading' && <div className="shell__progress" aria-hidden="true" />}
        <Outlet />
      </main>
    </div>
  );
}
