import { passwordResetUrl, queuePasswordResetEmail } from '@piste/commerce/server';
import type { BigCommerceProviderDeps } from '../provider-deps';
import {
  newPasswordRefused,
  PASSWORD_RESET_TTL_MINUTES,
  passwordProblem,
  resetTokenInvalid,
  type PasswordResets,
} from '@piste/commerce';
import type { CustomerRecords } from './customer-records';
import type { BcCustomer } from './customer-wire';
import { readResetToken, resetTokenKey, resetTokenSigned, signResetToken } from './password-reset-tokens';

const fingerprintOf = (customer: BcCustomer) => ({ email: customer.email, dateModified: customer.date_modified });

/** BigCommerce stamps `date_modified` to the second. */
const secondOf = (value: string | Date) => Math.floor(new Date(value).getTime() / 1000);

/**
 * Password resets on BigCommerce: stateless signed tokens (password-reset-tokens.ts), the email
 * in our outbox with the embedded service's template and link, the new password set with
 * `PUT /v3/customers` `authentication.new_password`.
 */
export function createPasswordResets(
  deps: BigCommerceProviderDeps,
  records: CustomerRecords,
  options: { now: () => Date },
): PasswordResets {
  const key = resetTokenKey(deps.settings.clientSecret);
  const { now } = options;

  /** The customer a token opens now, or null when it is malformed, expired, forged or already used. */
  async function holderOf(token: string): Promise<BcCustomer | null> {
    const claims = readResetToken(token);
    if (!claims || claims.expiresAt.getTime() <= now().getTime()) return null;
    const customer = await records.fetchCustomer(claims.customerId);
    return customer && resetTokenSigned(key, claims, fingerprintOf(customer)) ? customer : null;
  }

  return {
    async createPasswordReset(email: string, locale: string) {
      const address = email.trim().toLowerCase();
      const customer = await records.fetchByEmail(address);
      const token = customer
        ? signResetToken(
            key,
            { customerId: customer.id, expiresAt: new Date(now().getTime() + PASSWORD_RESET_TTL_MINUTES * 60_000) },
            fingerprintOf(customer),
          )
        : '0'.repeat(64);
      const resetUrl = passwordResetUrl({ baseUrl: deps.publicUrl, locale, token });
      await queuePasswordResetEmail(
        deps.db,
        { recipient: address, locale, firstName: customer?.first_name ?? '', resetUrl },
        { rehearsal: !customer },
      );
      return customer ? { customerId: customer.id, token } : null;
    },

    async passwordResetUsable(token: string): Promise<boolean> {
      return (await holderOf(token)) !== null;
    },

    async resetPassword(token: string, newPassword: string): Promise<number> {
      const customer = await holderOf(token);
      if (!customer) throw resetTokenInvalid();
      const problem = passwordProblem(newPassword, customer.email);
      if (problem) throw newPasswordRefused(problem);
      // The token stays usable while `date_modified` is unchanged: the password is written in a
      // later second than the one the token was bound to, so the write always changes it.
      const waitMs = (secondOf(customer.date_modified) + 1) * 1000 - Date.now();
      if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(waitMs, 1000)));
      await deps.client.v3('/customers', {
        method: 'PUT',
        json: [{ id: customer.id, authentication: { new_password: newPassword } }],
      });
      return customer.id;
    },
  };
}
