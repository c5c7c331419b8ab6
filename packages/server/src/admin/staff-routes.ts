import {
  createStaffBody,
  setStaffDisabledBody,
  staffAnswerSchema,
  staffIdParams,
  staffListSchema,
  resetStaffPasswordBody,
  updateStaffBody,
} from '@piste/admin';
import {
  createStaff,
  findStaff,
  listStaff,
  resetStaffPassword,
  setStaffDisabled,
  updateStaff,
  type StaffSessions,
} from '@piste/admin/server';
import { staffOf, type AdminApp, type AdminDeps } from './admin-context';
import { staffAccountRoutes } from './staff-account-routes';

/**
 * `/admin/api/staff`: owners manage the back office's people (list, create, rename, change
 * role, disable, reset password), and `/admin/api/account` (staff-account-routes.ts) lets
 * everyone manage their own sign-in. A disabled account or a reset password ends the member's
 * sessions at once.
 */
export function staffRoutes(deps: AdminDeps, sessions: StaffSessions) {
  const { db } = deps.database;
  return async (app: AdminApp) => {
    const manage = { permission: 'staff:manage' } as const;

    app.get(
      '/staff',
      { config: manage, schema: { tags: ['staff'], response: { 200: staffListSchema } } },
      async () => ({ staff: await listStaff(db) }),
    );

    app.post(
      '/staff',
      { config: manage, schema: { tags: ['staff'], body: createStaffBody, response: { 201: staffAnswerSchema } } },
      async (request, reply) => {
        const created = await createStaff(db, staffOf(request), request.body, request.id);
        return reply.status(201).send({ staff: created });
      },
    );

    app.get(
      '/staff/:id',
      { config: manage, schema: { tags: ['staff'], params: staffIdParams, response: { 200: staffAnswerSchema } } },
      async (request) => ({ staff: await findStaff(db, request.params.id) }),
    );

    app.patch(
      '/staff/:id',
      {
        config: manage,
        schema: { tags: ['staff'], params: staffIdParams, body: updateStaffBody, response: { 200: staffAnswerSchema } },
      },
      async (request) => ({
        staff: await updateStaff(db, staffOf(request), request.params.id, request.body, request.id),
      }),
    );

    app.put(
      '/staff/:id/disabled',
      {
        config: manage,
        schema: {
          tags: ['staff'],
          params: staffIdParams,
          body: setStaffDisabledBody,
          response: { 200: staffAnswerSchema },
        },
      },
      async (request) => {
        const changed = await setStaffDisabled(db, staffOf(request), request.params.id, request.body, request.id);
        if (changed.disabled) await sessions.destroyAllFor(changed.id);
        return { staff: changed };
      },
    );

    app.post(
      '/staff/:id/password',
      {
        config: manage,
        schema: {
          tags: ['staff'],
          params: staffIdParams,
          body: resetStaffPasswordBody,
          response: { 200: staffAnswerSchema },
        },
      },
      async (request) => {
        const changed = await resetStaffPassword(
          db,
          staffOf(request),
          request.params.id,
          request.body.password,
          request.id,
        );
        await sessions.destroyAllFor(changed.id);
        return { staff: changed };
      },
    );

    await app.register(staffAccountRoutes(deps, sessions));
  };
}
