import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, ROLE_PERMISSIONS, roleMay, STAFF_ROLES, type Permission, type StaffRole } from '@piste/admin';
import { testDatabaseKinds } from '@piste/db/testing';
import { signedInStaff } from '../../test/support/admin-harness';
import { createSeededApiApp } from '../../test/support/app-harness';
import { TestBrowser } from '../../test/support/test-browser';

/** Seeding a demo shop takes a while on a busy machine. */
const SEEDING_TIMEOUT_MS = 240_000;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface AdminRoute {
  method: Method;
  url: string;
  permission: Permission | undefined;
  public: boolean;
}

/**
 * The only routes anyone may call signed out: signing in and out, the API's description, and
 * the catch-all that answers 404 for any other address (all methods).
 */
const PUBLIC_ROUTES = ['POST /admin/api/session', 'DELETE /admin/api/session', 'GET /admin/api/openapi.json'];
const NOT_FOUND_ROUTE = '/admin/api/*';
const CALLABLE = new Set<string>(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/** Every admin route as registered, one entry per method (HEAD mirrors GET and is left out). */
function collectRoutes(into: AdminRoute[]) {
  return (route: RouteOptions) => {
    if (!route.url.startsWith('/admin/api')) return;
    const methods = ([] as string[]).concat(route.method);
    for (const method of methods) {
      if (method === 'HEAD') continue;
      if (!CALLABLE.has(method) && route.url !== NOT_FOUND_ROUTE) {
        throw new Error(`${method} ${route.url}: the access matrix test cannot call this method`);
      }
      into.push({
        method: method as Method,
        url: route.url,
        permission: route.config?.permission,
        public: route.config?.public === true,
      });
    }
  };
}

/** A concrete address for a route: ids that name nothing, so no call changes a real record. */
function concreteUrl(url: string): string {
  return url.replace(/:[A-Za-z_]+/g, '999999').replace(/\*$/, 'nothing-here');
}

const label = (route: AdminRoute) => `${route.method} ${route.url}`;

describe.each(testDatabaseKinds())('the back-office access matrix on $name', (kind) => {
  const routes: AdminRoute[] = [];
  let shop: Awaited<ReturnType<typeof createSeededApiApp>>;
  let browsers: Record<StaffRole, TestBrowser>;

  beforeAll(async () => {
    shop = await createSeededApiApp(kind, {}, { onRoute: collectRoutes(routes) });
    browsers = {
      owner: await signedInStaff(shop.app, shop.database, 'owner'),
      merchandiser: await signedInStaff(shop.app, shop.database, 'merchandiser'),
      support: await signedInStaff(shop.app, shop.database, 'support'),
    };
  }, SEEDING_TIMEOUT_MS);
  afterAll(() => shop?.close());

  it('names a known permission on every route, or is one of the few public ones', () => {
    expect(routes.length).toBeGreaterThan(10);
    for (const route of routes) {
      if (route.public) {
        if (route.url !== NOT_FOUND_ROUTE) expect(PUBLIC_ROUTES, `${label(route)} is public`).toContain(label(route));
      } else {
        expect(PERMISSIONS, `${label(route)} names no permission`).toContain(route.permission);
      }
    }
  });

  it('answers 401 to a signed-out caller on every route that is not public', async () => {
    const signedOut = new TestBrowser(shop.app);
    for (const route of routes.filter((r) => !r.public)) {
      const response = await signedOut.call(route.method, concreteUrl(route.url), {
        ...(route.method === 'GET' ? {} : { payload: {} }),
      });
      expect(response.statusCode, `${label(route)}: ${response.body}`).toBe(401);
      expect(response.json().error.code).toBe('SIGN_IN_REQUIRED');
    }
  });

  it.each(['support', 'merchandiser', 'owner'] as const)(
    'answers 403 to a %s exactly where the role lacks the permission, and never a 500',
    async (role) => {
      for (const route of routes.filter((r) => !r.public)) {
        const response = await browsers[role].call(route.method, concreteUrl(route.url), {
          ...(route.method === 'GET' ? {} : { payload: {} }),
        });
        const cell = `${role} × ${label(route)} (${route.permission}): ${response.statusCode} ${response.body.slice(0, 200)}`;
        if (roleMay(role, route.permission!)) {
          expect([401, 403], cell).not.toContain(response.statusCode);
          expect(response.statusCode, cell).toBeLessThan(500);
        } else {
          expect(response.statusCode, cell).toBe(403);
          expect(response.json().error.code, cell).toBe('FORBIDDEN');
        }
      }
    },
  );
});

/**
 * The roles as the issue describes them, cell by cell: owner everything, staff management
 * included; merchandiser the catalogue, prices, stock, content and media (and the storefront's
 * settings); support orders, customers and pro codes, the catalogue read-only. Everyone sees
 * the dashboard and the audit log. Promotions (issue 28) are merchandising: merchandisers and
 * owners run them, support reads them to answer shoppers about a code.
 */
const EXPECTED: Record<Permission, Record<StaffRole, boolean>> = {
  'dashboard:read': { owner: true, merchandiser: true, support: true },
  'catalogue:read': { owner: true, merchandiser: true, support: true },
  'catalogue:write': { owner: true, merchandiser: true, support: false },
  'media:write': { owner: true, merchandiser: true, support: false },
  'orders:read': { owner: true, merchandiser: false, support: true },
  'orders:write': { owner: true, merchandiser: false, support: true },
  'customers:read': { owner: true, merchandiser: false, support: true },
  'customers:write': { owner: true, merchandiser: false, support: true },
  'pro-codes:read': { owner: true, merchandiser: false, support: true },
  'pro-codes:write': { owner: true, merchandiser: false, support: true },
  'promotions:read': { owner: true, merchandiser: true, support: true },
  'promotions:write': { owner: true, merchandiser: true, support: false },
  'content:read': { owner: true, merchandiser: true, support: true },
  'content:write': { owner: true, merchandiser: true, support: false },
  'settings:read': { owner: true, merchandiser: true, support: false },
  'settings:write': { owner: true, merchandiser: true, support: false },
  'audit:read': { owner: true, merchandiser: true, support: true },
  'staff:manage': { owner: true, merchandiser: false, support: false },
};

describe('the role permissions, cell by cell', () => {
  it('covers every permission in the table', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual([...PERMISSIONS].sort());
    expect(Object.keys(ROLE_PERMISSIONS).sort()).toEqual([...STAFF_ROLES].sort());
  });

  const cells = PERMISSIONS.flatMap((permission) =>
    STAFF_ROLES.map((role) => ({ permission, role, allowed: EXPECTED[permission][role] })),
  );
  it.each(cells)('$role may $permission: $allowed', ({ permission, role, allowed }) => {
    expect(roleMay(role, permission)).toBe(allowed);
  });
});
