import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { DomainError } from '@piste/core';

/** How long a preview link works: long enough to share with a colleague, short enough to leak little. */
export const PREVIEW_TTL_MS = 60 * 60 * 1000;

/** What a preview token binds: one draft of one entry in one content locale. */
export interface PreviewGrant {
  type: string;
  uid: string;
  locale: string;
  draftVersion: number;
}

export interface PreviewTokens {
  /** A token for the draft, valid for PREVIEW_TTL_MS; refused when previews are not configured. */
  sign(grant: PreviewGrant, now?: number): { token: string; expiresAt: Date };
  /** The grant of a genuine, unexpired token; null for anything else (forged, expired, garbled). */
  verify(token: string, now?: number): PreviewGrant | null;
}

const encode = (value: Buffer | string) => Buffer.from(value).toString('base64url');

/**
 * HMAC-SHA256 preview tokens (`payload.signature`, both base64url). The key is PREVIEW_SECRET;
 * without one, development and test make a random key per process (links die with the
 * process and only that process accepts them), and production offers no previews at all
 * (`sign` refuses with a message naming the setting) — docs/admin/content.md.
 */
export function createPreviewTokens(options: { secret: string | undefined; production: boolean }): PreviewTokens {
  const key = options.secret ? Buffer.from(options.secret) : options.production ? null : randomBytes(32);
  const mac = (payload: string) => createHmac('sha256', key!).update(payload).digest();

  return {
    sign(grant, now = Date.now()) {
      if (!key) {
        throw new DomainError(
          'UNAVAILABLE',
          'Previews need PREVIEW_SECRET (32 characters or more) in the server settings.',
          'PREVIEW_NOT_CONFIGURED',
        );
      }
      const expiresAt = new Date(now + PREVIEW_TTL_MS);
      const payload = encode(
        JSON.stringify({ t: grant.type, u: grant.uid, l: grant.locale, v: grant.draftVersion, e: expiresAt.getTime() }),
      );
      return { token: `${payload}.${encode(mac(payload))}`, expiresAt };
    },

    verify(token, now = Date.now()) {
      if (!key || token.length > 1_000) return null;
      const [payload, signature, extra] = token.split('.');
      if (!payload || !signature || extra !== undefined) return null;
      const expected = mac(payload);
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      try {
        const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
        const { t, u, l, v, e } = claims;
        if (typeof t !== 'string' || typeof u !== 'string' || typeof l !== 'string') return null;
        if (typeof v !== 'number' || typeof e !== 'number' || e <= now) return null;
        return { type: t, uid: u, locale: l, draftVersion: v };
      } catch {
        return null;
      }
    },
  };
}
