import {
  cartSessionCookie,
  ORDER_COOKIE,
  type CartService,
  type CartSessionToken,
  type CustomerCreateInput,
  type CustomerService,
  type CustomerStatus,
  type CustomerUpdateInput,
  type ShopperContext,
} from '@piste/commerce/server';
import { STOREFRONT_LOCALES, storefrontRegionFor } from '@piste/content';
import { isDomainError } from '@piste/core';
import type { RateLimits, SessionStore } from '../sessions/index';
import type { BotProtection } from '../bot-protection/bot-protection';
import type { BackgroundWork } from '../background-work';
import { sessionCookie } from '../sessions/index';

/** Who is asking, as both doors (API routes and page actions) know it. */
export interface AccountRequest {
  /** The client's address (behind a proxy only with TRUST_PROXY), for per-IP limits. */
  ip: string;
  /** Whether cookies must be Secure (the request came over HTTPS). */
  secure: boolean;
  /** The current session's token, if the request carried one. */
  sessionToken: string | null;
  /** The guest cart of the session, if any (spec §4: "Logging in updates the cart's customer"). */
  cartToken: CartSessionToken | null;
  shopper: ShopperContext;
  /** The shopper's locale: the language of the emails and the locale of their links. */
  locale: string;
  /** The bot-protection token the form or call carried, if any. */
  botToken?: string | null;
}

/** A signed-in result: the customer and the cookies the response must set. */
export interface SignedIn {
  status: CustomerStatus;
  cookies: string[];
}

/**
 * What signing out clears: the session, the cart cookie (the cart now belongs to the account)
 * and the order cookie, which would otherwise show the customer's last order, with their
 * address, to the next person at this computer.
 */
function signedOutCookies(secure: boolean): string[] {
  return [
    sessionCookie(null, { secure }),
    cartSessionCookie(null, { secure }),
    `${ORDER_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
  ];
}

/**
 * The sign-in, sign-up, sign-out and password-reset flows shared by `/api/customers/*` and
 * the account pages' actions, so the rate limits, session rotation and cart linking cannot
 * differ between the two doors (docs/security.md 'Sessions').
 */
export function createAccountFlows(services: {
  customers: CustomerService;
  sessions: SessionStore;
  rateLimits: RateLimits;
  cart: CartService;
  botProtection: BotProtection;
  backgroundWork: BackgroundWork;
}) {
  const { customers, sessions, rateLimits, cart, botProtection, backgroundWork } = services;

  /**
   * A fresh session for the customer, the old one ended (the session id rotates on sign-in),
   * and the session's guest cart linked to them; without one, their latest cart comes back.
   */
  async function startSession(request: AccountRequest, status: CustomerStatus): Promise<string[]> {
    if (request.sessionToken) await sessions.destroy(request.sessionToken);
    const token = await sessions.create(status.customer.id);
    const cookies = [sessionCookie(token, { secure: request.secure })];
    const customerId = status.customer.id;
    const shopper = {
      ...request.shopper,
      priceAdjustment: status.priceAdjustment,
      customerGroupId: status.group?.id,
    };
    const linked = request.cartToken
      ? await cart
          .linkCustomer(shopper, request.cartToken.cartId, { secret: request.cartToken.secret, customerId }, customerId)
          .then(
            () => true,
            // A cart that is gone, ordered or someone else's stays as it is; signing in still works.
            (error: unknown) => {
              if (isDomainError(error, 'NOT_FOUND') || isDomainError(error, 'NOT_ALLOWED')) return false;
              throw error;
            },
          )
      : false;
    if (!linked) {
      const resumed = await cart.resumeForCustomer(customerId);
      if (resumed) cookies.push(cartSessionCookie(resumed, { secure: request.secure }));
    }
    return cookies;
  }

  /**
   * A change confirmed with the current password counts against the account's sign-in limit,
   * so a session left open cannot be used to guess the password.
   */
  async function withPasswordGuard<Result>(me: CustomerStatus, change: () => Promise<Result>): Promise<Result> {
    await rateLimits.consume('login-account', me.customer.email);
    const result = await change();
    await rateLimits.reset('login-account', me.customer.email);
    return result;
  }

  const service = {
    /** `POST customers/login`: limited per IP and per account; one answer for any wrong email or password. */
    async signIn(request: AccountRequest, email: string, password: string): Promise<SignedIn> {
      await botProtection.assertHuman('login', request.botToken ?? null, request.ip);
      await rateLimits.consume('login-ip', request.ip);
      // Counted before the check, so a blocked account cannot be probed; a success clears it.
      await rateLimits.consume('login-account', email);
      const status = await customers.authenticate(email, password);
      await rateLimits.reset('login-account', email);
      return { status, cookies: await startSession(request, status) };
    },

    /**
     * `POST customers/validate`: checks a password like sign-in does, without a session. It answers
     * the same question as sign-in, so it asks the same bot check (a `login` token) before its
     * limits, or a script could guess passwords here instead (docs/reliability.md, hole 5).
     */
    async validateCredentials(request: AccountRequest, email: string, password: string) {
      await botProtection.assertHuman('login', request.botToken ?? null, request.ip);
      await rateLimits.consume('login-ip', request.ip);
      await rateLimits.consume('login-account', email);
      const result = await customers.validateCredentials(email, password);
      if (result.is_valid) await rateLimits.reset('login-account', email);
      return result;
    },

    /** `POST customers/create` and the pro signup page (`pro_signup`), signed in at once. */
    async signUp(
      request: AccountRequest,
      input: CustomerCreateInput,
      action: 'signup' | 'pro_signup' = 'signup',
    ): Promise<SignedIn> {
      await botProtection.assertHuman(action, request.botToken ?? null, request.ip);
      await rateLimits.consume('signup-ip', request.ip);
      const status = await customers.create(input, request.locale);
      return { status, cookies: await startSession(request, status) };
    },

    /**
     * `POST customers/logout` (spec §4: "Logout clears all customer and pro state"): the
     * session ends, and so does the cart cookie, since the cart now belongs to the account.
     */
    async signOut(request: AccountRequest): Promise<string[]> {
      if (request.sessionToken) await sessions.destroy(request.sessionToken);
      return signedOutCookies(request.secure);
    },

    /**
     * Sends a reset link if the email has an account; the caller answers the same either way. Its
     * time must not tell either (docs/security.md 'Password reset'): every email takes the same
     * steps here, and the lookup, the token and the email are made after the answer has gone.
     */
    async requestPasswordReset(request: AccountRequest, email: string): Promise<void> {
      await botProtection.assertHuman('password_reset', request.botToken ?? null, request.ip);
      await rateLimits.consume('password-reset-ip', request.ip);
      await rateLimits.consume('password-reset-account', email);
      // Spec §2: the link goes to the login page of the region's storefront (us, ca, eu_region_1);
      // a visitor who chose another locale of it is taken to theirs, query and all (locale routing).
      const storefront = STOREFRONT_LOCALES[storefrontRegionFor(request.locale)];
      backgroundWork.run('a password reset request', () => customers.createPasswordReset(email, storefront));
    },

    /** Sets the new password, ends every session of the account, and signs this browser in. */
    async resetPassword(request: AccountRequest, token: string, newPassword: string): Promise<SignedIn> {
      const customerId = await customers.resetPassword(token, newPassword);
      await sessions.destroyAllFor(customerId);
      const status = await customers.status(customerId);
      if (!status) throw new Error(`Customer ${customerId} vanished during a password reset`);
      return { status, cookies: await startSession({ ...request, sessionToken: null }, status) };
    },

    /** Joins the pro programme with a code (`/pro/signup`), at most 10 codes an hour per customer. */
    async applyProCode(customerId: number, code: string): Promise<CustomerStatus> {
      await rateLimits.consume('pro-code-account', String(customerId));
      return customers.applyProCode(customerId, code);
    },

    /**
     * `PUT customers/{id}` and the profile page: the profile first, then a pro code, so a
     * refused change applies nothing. A new password or email ends the other sessions.
     */
    async updateCustomer(
      request: AccountRequest,
      me: CustomerStatus,
      input: CustomerUpdateInput,
    ): Promise<CustomerStatus> {
      const { pro_code, ...profile } = input;
      const customerId = me.customer.id;
      const updated =
        profile.current_password === undefined
          ? await customers.update(customerId, profile)
          : await withPasswordGuard(me, () => customers.update(customerId, profile));
      if (profile.new_password !== undefined || profile.email !== undefined) {
        await sessions.destroyAllFor(customerId, request.sessionToken ? { except: request.sessionToken } : undefined);
      }
      return pro_code === undefined ? updated : service.applyProCode(customerId, pro_code);
    },

    /** `DELETE customers/{id}`, confirmed with the password: the account goes, and every session with it. */
    async deleteAccount(request: AccountRequest, me: CustomerStatus, password: string): Promise<string[]> {
      const customerId = me.customer.id;
      await withPasswordGuard(me, () => customers.delete(customerId, password));
      await sessions.destroyAllFor(customerId);
      return signedOutCookies(request.secure);
    },
  };
  return service;
}

export type AccountFlows = ReturnType<typeof createAccountFlows>;
