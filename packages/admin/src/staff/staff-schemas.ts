import { z } from 'zod';
import { STAFF_ROLES } from '../roles';

/**
 * Requests and answers of the staff area (`/admin/api/staff`, `/admin/api/account`): the API
 * validates with these, and the admin app's forms use the same ones, so a message reads the
 * same at the field whichever side finds the problem.
 */

export const staffRoleSchema = z.enum(STAFF_ROLES, 'Choose owner, merchandiser or support.');

const staffName = z.string().trim().min(1, 'Enter a name.').max(100, 'Keep the name under 100 characters.');

/** The policy's own checks (length, breached lists) run on the server, which knows the lists. */
const newPassword = z.string().min(1, 'Enter a password.').max(128, 'The password must be at most 128 characters.');

export const totpCodeSchema = z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.');

export const staffViewSchema = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  role: staffRoleSchema,
  totpEnabled: z.boolean(),
  disabled: z.boolean(),
  lastSignInAt: z.string().nullable(),
  version: z.number(),
  createdAt: z.string(),
});

export const staffListSchema = z.object({ staff: z.array(staffViewSchema) });
export const staffAnswerSchema = z.object({ staff: staffViewSchema });

export const staffIdParams = z.object({
  // Ids are Postgres integers: a larger number names no one, and must not reach the query.
  id: z.coerce
    .number('Give a staff id.')
    .int('Give a staff id.')
    .positive('Give a staff id.')
    .max(2_147_483_647, 'Give a staff id.'),
});

export const createStaffBody = z.object({
  email: z.email('Enter a valid email address.').max(254, 'Keep the email under 254 characters.'),
  name: staffName,
  role: staffRoleSchema,
  password: newPassword,
});

/** A change of name or role; `version` is the one the editor loaded (a stale one is refused). */
export const updateStaffBody = z
  .object({
    version: z.number('Send the version you loaded.').int().positive().max(2_147_483_647),
    name: staffName.optional(),
    role: staffRoleSchema.optional(),
  })
  .refine((body) => body.name !== undefined || body.role !== undefined, {
    message: 'Change the name or the role.',
    path: ['name'],
  });

export const setStaffDisabledBody = z.object({
  version: z.number('Send the version you loaded.').int().positive().max(2_147_483_647),
  disabled: z.boolean('Say whether the account is disabled.'),
});

export const resetStaffPasswordBody = z.object({ password: newPassword });

export const changeOwnPasswordBody = z.object({
  currentPassword: z.string().min(1, 'Enter your current password.').max(128),
  newPassword,
});

export const totpSetupSchema = z.object({
  /** The `otpauth://` URI authenticator apps read (as a QR code or pasted). */
  uri: z.string(),
  /** Base32, for typing into an app by hand. */
  secret: z.string(),
});

/**
 * Turning TOTP on: the secret the setup answered (the server keeps none until it is confirmed)
 * and a current code from the app, which proves the app holds it.
 */
export const confirmTotpBody = z.object({
  secret: z.string().regex(/^[A-Z2-7]{32}$/, 'Start the setup again: this secret is not one the setup gave.'),
  code: totpCodeSchema,
});

export const disableTotpBody = z.object({ code: totpCodeSchema });

export type StaffViewData = z.infer<typeof staffViewSchema>;
export type CreateStaffBody = z.infer<typeof createStaffBody>;
export type UpdateStaffBody = z.infer<typeof updateStaffBody>;
export type ChangeOwnPasswordBody = z.infer<typeof changeOwnPasswordBody>;
