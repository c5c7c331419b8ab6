import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { STAFF_ROLES } from '../roles';

/** The back office's people: separate from customers, with a role each (docs/admin.md 'Roles'). */
export const staff = pgTable(
  'staff',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    passwordHash: text('password_hash').notNull(),
    /** Base32 TOTP secret once the second factor is turned on; null without one. */
    totpSecret: text('totp_secret'),
    /** A disabled account cannot sign in, and its sessions end; its audit entries stay. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('staff_email_idx').on(table.email),
    check('staff_email_lower', sql`${table.email} = lower(${table.email})`),
  ],
);

/** Staff sessions: the cookie holds a random token, the table only its SHA-256. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Moved on by each request; the idle timeout counts from here. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** The absolute end, however active the session. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('staff_sessions_staff_idx').on(table.staffId)],
);

/** Every change made in the back office: who, when, what, before → after. Never updated or deleted. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Null for changes made by a command (catalogue:import, staff:create) rather than a person. */
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    /** Kept as written, so the entry still names its author after the account is gone. */
    actor: text('actor').notNull(),
    /** `product.update`, `order.ship`, `content.publish`, … */
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before').$type<unknown>(),
    after: jsonb('after').$type<unknown>(),
    requestId: text('request_id'),
  },
  (table) => [
    index('audit_log_at_idx').on(table.at.desc()),
    index('audit_log_entity_idx').on(table.entityType, table.entityId, table.at.desc()),
    index('audit_log_staff_idx').on(table.staffId, table.at.desc()),
  ],
);
