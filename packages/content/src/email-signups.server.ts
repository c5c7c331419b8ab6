import { z } from 'zod';
import type { Db } from '@piste/db';
import { emailSubscriptions } from './schema/email-subscriptions';

/** The longest address SMTP can deliver to (RFC 5321: a 256-octet path less its brackets). */
export const EMAIL_MAX_LENGTH = 254;

/** What is wrong with a signup, one problem at a time, in the form's order. */
export type EmailSignupProblem = 'invalid-email' | 'consent-required' | 'invalid-list';

export interface EmailSignupInput {
  email: unknown;
  /** The consent checkbox: checked sends "yes". */
  consent: unknown;
  /** Every `list` field sent. */
  lists: readonly unknown[];
}

export type ParsedEmailSignup =
  { ok: true; email: string; listIds: string[] } | { ok: false; problem: EmailSignupProblem };

const PROBLEM_BY_FIELD: Readonly<Record<string, EmailSignupProblem>> = {
  email: 'invalid-email',
  consent: 'consent-required',
  lists: 'invalid-list',
};

/**
 * Checks a signup against the region's email signup settings (spec §3: lists): a deliverable
 * address, the consent box ticked, and one or more of the settings' lists, each once.
 */
export function parseEmailSignup(input: EmailSignupInput, listIds: readonly string[]): ParsedEmailSignup {
  const schema = z.object({
    email: z.string().trim().toLowerCase().max(EMAIL_MAX_LENGTH).pipe(z.email()),
    consent: z.literal('yes'),
    lists: z
      .array(z.string().refine((id) => listIds.includes(id)))
      .min(1)
      .max(listIds.length)
      .refine((ids) => new Set(ids).size === ids.length),
  });
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, email: parsed.data.email, listIds: parsed.data.lists };
  const field = String(parsed.error.issues[0]?.path[0] ?? 'email');
  return { ok: false, problem: PROBLEM_BY_FIELD[field] ?? 'invalid-email' };
}

export interface EmailSubscription {
  /** As parseEmailSignup returns it: trimmed and lower-cased. */
  email: string;
  listIds: readonly string[];
  /** The page's locale and content region when the visitor subscribed. */
  locale: string;
  region: string;
  /** The consent text of the settings the visitor agreed to. */
  consentText: string;
}

/** Newsletter subscriptions, built once per process on the shop's database. */
export function createEmailSignupService(db: Db) {
  return {
    /**
     * Subscribes an address to lists. Idempotent: a list the address is already on keeps its
     * first consent, so a second signup (or two at once) is 'already-subscribed', not an error.
     */
    async subscribe(
      subscription: EmailSubscription,
      consentedAt: Date = new Date(),
    ): Promise<'subscribed' | 'already-subscribed'> {
      const { email, listIds, locale, region, consentText } = subscription;
      const added = await db
        .insert(emailSubscriptions)
        .values(listIds.map((listId) => ({ email, listId, locale, region, consentText, consentedAt })))
        .onConflictDoNothing({ target: [emailSubscriptions.email, emailSubscriptions.listId] })
        .returning({ listId: emailSubscriptions.listId });
      return added.length > 0 ? 'subscribed' : 'already-subscribed';
    },
  };
}

export type EmailSignupService = ReturnType<typeof createEmailSignupService>;
