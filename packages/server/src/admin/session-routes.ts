import { z } from 'zod';
import { staffView, verifyStaffSignIn, type StaffSessions } from '@piste/admin/server';
import { ROLE_PERMISSIONS } from '@piste/admin';
import { DomainError } from '@piste/core';
import type { RateLimits } from '../sessions/index';
import { staffOf, type AdminApp, type AdminDeps } from './admin-context';
import { setStaffCookie, STAFF_COOKIE } from './staff-auth';

const signInBody = z.object({
  email: z.email('Enter the email of your staff account.').max(254),
  password: z.string().min(1, 'Enter your password.').max(128),
  totp: z
    .string()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.')
    .optional(),
});

const signedIn = z.object({
  staff: z.object({
    id: z.number(),
    email: z.string(),
    name: z.string(),
    role: z.enum(['owner', 'merchandiser', 'support']),
    permissions: z.array(z.string()),
  }),
});

/**
 * `/admin/api/session`: sign in (rate-limited per IP and per email, like the shop's login),
 * who am I, sign out. A staff member with a second factor is asked for the code once the
 * password is right (`401 TOTP_REQUIRED`), then sends all three again.
 */
export function sessionRoutes(deps: AdminDeps, sessions: StaffSessions, rateLimits: RateLimits) {
  return async (app: AdminApp) => {
    app.post(
      '/session',
      { config: { public: true }, schema: { tags: ['session'], body: signInBody, response: { 200: signedIn } } },
      async (request, reply) => {
        const { email, password, totp } = request.body;
        await rateLimits.consume('staff-login-ip', request.ip);
        await rateLimits.consume('staff-login-account', email);
        const result = await verifyStaffSignIn(deps.database.db, { email, password, totp });
        if (result.kind === 'totp-required') {
          throw new DomainError('UNAUTHORIZED', 'Enter the 6-digit code from your authenticator app.', 'TOTP_REQUIRED');
        }
        await rateLimits.reset('staff-login-account', email);
        setStaffCookie(reply, request, await sessions.create(result.staff.id));
        const view = staffView(result.staff);
        return { staff: { ...view, permissions: [...ROLE_PERMISSIONS[view.role]] } };
      },
    );

    app.get(
      '/session',
      { config: { permission: 'dashboard:read' }, schema: { tags: ['session'], response: { 200: signedIn } } },
      async (request) => {
        const { id, email, name, role } = staffOf(request);
        return { staff: { id: id!, email, name, role, permissions: [...ROLE_PERMISSIONS[role]] } };
      },
    );

    app.delete('/session', { config: { public: true }, schema: { tags: ['session'] } }, async (request, reply) => {
      const token = request.cookies[STAFF_COOKIE];
      if (token) await sessions.destroy(token);
      setStaffCookie(reply, request, null);
      return reply.status(204).send();
    });
  };
}
