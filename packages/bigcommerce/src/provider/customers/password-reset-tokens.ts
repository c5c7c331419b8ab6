import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Stateless, single-use password reset tokens (docs/decisions/021-u-bigcommerce-customers.md).
 * BigCommerce has no reset token of ours to keep, so the token carries the customer and its
 * expiry, signed with a key derived from the API account's client secret. The signature also
 * covers a fingerprint of the account — its email and BigCommerce's `date_modified` — so the
 * token stops working once the password (or the email) has changed, which is what using it does.
 *
 * Layout, 32 bytes as 64 hex digits (the reset form's token format): customer id (4 bytes),
 * expiry in Unix seconds (4 bytes), the first 24 bytes of HMAC-SHA256.
 */

const SIGNATURE_BYTES = 24;

export interface ResetTokenClaims {
  customerId: number;
  expiresAt: Date;
}

/** The account state a token is bound to. */
export interface AccountFingerprint {
  email: string;
  dateModified: string;
}

export function resetTokenKey(clientSecret: string): Buffer {
  return createHmac('sha256', clientSecret).update('piste password reset token').digest();
}

function signature(key: Buffer, head: Buffer, fingerprint: AccountFingerprint): Buffer {
  return createHmac('sha256', key)
    .update(head)
    .update(JSON.stringify([fingerprint.email, fingerprint.dateModified]))
    .digest()
    .subarray(0, SIGNATURE_BYTES);
}

export function signResetToken(key: Buffer, claims: ResetTokenClaims, fingerprint: AccountFingerprint): string {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(claims.customerId, 0);
  head.writeUInt32BE(Math.floor(claims.expiresAt.getTime() / 1000), 4);
  return Buffer.concat([head, signature(key, head, fingerprint)]).toString('hex');
}

/** What a token claims, before its signature is checked (the check needs the account's fingerprint). */
export function readResetToken(token: string): (ResetTokenClaims & { head: Buffer; signed: Buffer }) | null {
  if (!/^[0-9a-f]{64}$/.test(token)) return null;
  const bytes = Buffer.from(token, 'hex');
  const head = bytes.subarray(0, 8);
  return {
    customerId: head.readUInt32BE(0),
    expiresAt: new Date(head.readUInt32BE(4) * 1000),
    head,
    signed: bytes.subarray(8),
  };
}

export function resetTokenSigned(
  key: Buffer,
  token: { head: Buffer; signed: Buffer },
  fingerprint: AccountFingerprint,
): boolean {
  return timingSafeEqual(signature(key, token.head, fingerprint), token.signed);
}
