import type { FastifyRequest } from 'fastify';
import {
  changeOwnPasswordBody,
  confirmTotpBody,
  disableTotpBody,
  staffAnswerSchema,
  totpSetupSchema,
} from '@piste/admin';
import {
  changeOwnPassword,
  confirmTotp,
  disableTotp,
  findStaff,
  startTotpSetup,
  type StaffActor,
  type StaffSessions,
} from '@piste/admin/server';
import { DomainError } from '@piste/core';
import { staffOf, type AdminApp, type AdminDeps } from './admin-context';
import { setStaffCookie } from './staff-auth';

/** The signed-in member's own account (a session always belongs to an account with an id). */
function accountOf(request: FastifyRequest): StaffActor & { id: number } {
  const actor = staffOf(request);
  if (actor.id === null) throw new DomainError('UNAUTHORIZED', 'Sign in to the back office first.', 'SIGN_IN_REQUIRED');
  return { ...actor, id: actor.id };
}

/**
 * `/admin/api/account`: every staff member's own password and second factor. A new password
 * ends the member's other sessions (this one is started afresh); turning TOTP off needs a
 * current code.
 */
export function staffAccountRoutes(deps: AdminDeps, sessions: StaffSessions) {
  const { db } = deps.database;
  return async (app: AdminApp) => {
    const anyStaff = { permission: 'dashboard:read' } as const;

    app.get(
      '/account',
      { config: anyStaff, schema: { tags: ['account'], response: { 200: staffAnswerSchema } } },
      async (request) => ({ staff: await findStaff(db, accountOf(request).id) }),
    );

    app.put(
      '/account/password',
      {
        config: anyStaff,
        schema: { tags: ['account'], body: changeOwnPasswordBody, response: { 200: staffAnswerSchema } },
      },
      async (request, reply) => {
        const changed = await changeOwnPassword(db, accountOf(request), request.body, request.id);
        await sessions.destroyAllFor(changed.id);
        setStaffCookie(reply, request, await sessions.create(changed.id));
        return { staff: changed };
      },
    );

    app.post(
      '/account/totp',
      { config: anyStaff, schema: { tags: ['account'], response: { 200: totpSetupSchema } } },
      async (request) => startTotpSetup(accountOf(request)),
    );

    app.post(
      '/account/totp/confirm',
      { config: anyStaff, schema: { tags: ['account'], body: confirmTotpBody, response: { 200: staffAnswerSchema } } },
      async (request) => ({ staff: await confirmTotp(db, accountOf(request), request.body, request.id) }),
    );

    app.delete(
      '/account/totp',
      { config: anyStaff, schema: { tags: ['account'], body: disableTotpBody, response: { 200: staffAnswerSchema } } },
      async (request) => ({ staff: await disableTotp(db, accountOf(request), request.body.code, request.id) }),
    );
  };
}
