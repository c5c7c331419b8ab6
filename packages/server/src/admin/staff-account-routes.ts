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
  FieldErrors,
  findStaff,
  startTotpSetup,
  type StaffActor,
  type StaffSessions,
} from '@piste/admin/server';
import { DomainError } from '@piste/core';
import type { RateLimits } from '../sessions/index';
import { staffOf, type AdminApp, type AdminDeps } from './admin-context';
import { setStaffCookie } from './staff-auth';

/** The signed-in member's own account (a session always belongs to an account with an id). */
function accountOf(request: FastifyRequest): StaffActor & { id: number } {
  const actor = staffOf(request);
  if (actor.id === null) throw new DomainError('UNAUTHORIZED', 'Sign in to the back office first.', 'SIGN_IN_REQUIRED');
  return { ...actor, id: actor.id };
}

/**
 * Runs a check of the member's password or code under the sign-in limit of their email: a
 * stolen session cannot try passwords or codes faster than the sign-in form allows. The count
 * is cleared only once the secret proved right.
 */
async function limitedAttempt<T>(
  rateLimits: RateLimits,
  email: string,
  secretField: string,
  attempt: () => Promise<T>,
): Promise<T> {
  await rateLimits.consume('staff-login-account', email);
  let result: T;
  try {
    result = await attempt();
  } catch (error) {
    // A refusal at another field (a weak new password) comes after the secret was checked.
    const refusedAfterCheck = error instanceof FieldErrors && !(secretField in error.fields);
    if (refusedAfterCheck) await rateLimits.reset('staff-login-account', email);
    throw error;
  }
  await rateLimits.reset('staff-login-account', email);
  return result;
}

/**
 * `/admin/api/account`: every staff member's own password and second factor. A new password
 * ends the member's other sessions (this one is started afresh); turning TOTP off needs a
 * current code. Wrong passwords and codes count towards the sign-in limit of the email.
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
        const account = accountOf(request);
        const changed = await limitedAttempt(deps.services.rateLimits, account.email, 'currentPassword', () =>
          changeOwnPassword(db, account, request.body, request.id),
        );
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
      async (request) => {
        const account = accountOf(request);
        const changed = await limitedAttempt(deps.services.rateLimits, account.email, 'code', () =>
          disableTotp(db, account, request.body.code, request.id),
        );
        return { staff: changed };
      },
    );
  };
}
