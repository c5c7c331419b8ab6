import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '@piste/core';
import { roleMay, STAFF_SESSION_MAX_MS, type StaffSessions } from '@piste/admin/server';

/**
 * The back office's session cookie: HttpOnly, SameSite=Strict (no other site can make a browser
 * send it, not even a link), scoped to /admin, Secure over HTTPS. Separate from the shopper's.
 */
export const STAFF_COOKIE = 'piste_staff';

export function setStaffCookie(reply: FastifyReply, request: FastifyRequest, token: string | null): void {
  reply.setCookie(STAFF_COOKIE, token ?? '', {
    path: '/admin',
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    maxAge: token ? STAFF_SESSION_MAX_MS / 1000 : 0,
  });
}

/**
 * Resolves the staff member of every admin request, then checks the route's permission:
 * 401 without a live session, 403 when the role may not. Routes without a permission (and not
 * public) refuse everyone. It runs before validation, so a caller without the right learns
 * nothing about what a route would accept.
 */
export function staffAuthentication(app: FastifyInstance, sessions: StaffSessions): void {
  app.decorateRequest('staff', null);
  app.addHook('preValidation', async (request) => {
    const token = request.cookies[STAFF_COOKIE];
    request.staff = token ? await sessions.read(token) : null;
    const config = request.routeOptions.config;
    if (config.public) return;
    if (!request.staff) {
      throw new DomainError('UNAUTHORIZED', 'Your back-office session has ended. Sign in again.', 'SIGN_IN_REQUIRED');
    }
    if (!config.permission || !roleMay(request.staff.role, config.permission)) {
      throw new DomainError('NOT_ALLOWED', 'Your role does not allow this.', 'FORBIDDEN');
    }
  });
}
