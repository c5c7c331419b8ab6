import { z } from 'zod';

/** `GET /admin/api/audit`: the log newest first, filtered, a page at a time (`before` = last id seen). */

/** A filter left empty in the form (`?action=`) is no filter. */
const blankAsAbsent = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema.optional());

const optionalText = (what: string) => blankAsAbsent(z.string().trim().max(100, `Keep ${what} under 100 characters.`));

export const auditQuerySchema = z
  .object({
    staffId: blankAsAbsent(
      z.coerce.number('Give a staff id.').int('Give a staff id.').positive('Give a staff id.').max(2_147_483_647),
    ),
    action: optionalText('an action'),
    entityType: optionalText('an entity type'),
    entityId: optionalText('an entity id'),
    from: blankAsAbsent(z.coerce.date('Give a date, e.g. 2026-11-27.')),
    to: blankAsAbsent(z.coerce.date('Give a date, e.g. 2026-11-27.')),
    before: blankAsAbsent(z.coerce.number('Give the id of an entry.').int().positive('Give the id of an entry.')),
    limit: z.coerce
      .number('Give a number from 1 to 200.')
      .int()
      .min(1)
      .max(200, 'At most 200 entries a page.')
      .default(50),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'The end of the range must not be before its start.',
    path: ['to'],
  });

export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  staffId: z.number().nullable(),
  actor: z.string(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  requestId: z.string().nullable(),
});

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** Pass as `before` for the next page; null on the last page. */
  nextBefore: z.number().nullable(),
});

export type AuditQuery = z.input<typeof auditQuerySchema>;
export type AuditEntryData = z.infer<typeof auditEntrySchema>;
