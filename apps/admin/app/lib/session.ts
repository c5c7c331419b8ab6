import { useRouteLoaderData } from 'react-router';
import type { Permission, StaffRole } from '@piste/admin';
import { api } from './api';

/** The signed-in staff member, as `GET /admin/api/session` answers. */
export interface Staff {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  permissions: Permission[];
}

/** The layout route's id (routes.ts): its loader data holds the staff member. */
export const LAYOUT_ROUTE_ID = 'admin-layout';

let cached: Promise<Staff> | null = null;

/**
 * The signed-in staff member, asked of the server once per page load and then remembered
 * (every API call still checks the session: an expired one sends the user to sign in).
 */
export async function loadStaff(signal?: AbortSignal): Promise<Staff> {
  cached ??= api.get<{ staff: Staff }>('/session', { signal }).then(
    ({ staff }) => staff,
    (error: unknown) => {
      cached = null;
      throw error;
    },
  );
  try {
    return await cached;
  } catch (error) {
    // Each loader waiting here gets a redirect of its own: React Router rewrites a relative
    // redirect's Location in place, once for every route that throws it (`/admin/admin/…`).
    throw error instanceof Response ? error.clone() : error;
  }
}

/** Sign-in and sign-out change who is signed in: the next `loadStaff` asks the server again. */
export function forgetStaff() {
  cached = null;
}

export function staffMay(staff: Pick<Staff, 'permissions'>, permission: Permission): boolean {
  return staff.permissions.includes(permission);
}

/**
 * For an area's `clientLoader`: the staff member, or a 403 the area's error boundary shows
 * when their role lacks `permission` (the API refuses them anyway; this says so before asking).
 */
export async function requirePermission(permission: Permission, signal?: AbortSignal): Promise<Staff> {
  const staff = await loadStaff(signal);
  if (!staffMay(staff, permission)) {
    throw new Response(`Your role (${staff.role}) may not open this page.`, { status: 403, statusText: 'Forbidden' });
  }
  return staff;
}

/** The signed-in staff member, inside the layout (every page but sign-in). */
export function useStaff(): Staff {
  const data = useRouteLoaderData(LAYOUT_ROUTE_ID) as { staff: Staff } | undefined;
  if (!data) throw new Error('useStaff() is only available on pages inside the admin layout.');
  return data.staff;
}

/** `const can = useCan(); can('orders:write') && <button>…` */
export function useCan(): (permission: Permission) => boolean {
  const staff = useStaff();
  return (permission) => staffMay(staff, permission);
}
