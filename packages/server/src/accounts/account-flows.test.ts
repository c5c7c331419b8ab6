import { describe, expect, it, vi } from 'vitest';
import type { CartService, CustomerService } from '@piste/commerce';
import { createBackgroundWork } from '../background-work';
import type { BotProtection } from '../bot-protection/bot-protection';
import type { RateLimits, SessionStore } from '../sessions/index';
import { createAccountFlows, type AccountRequest } from './account-flows';

const KNOWN = 'shopper@example.com';
const REQUEST = {
  ip: '203.0.113.9',
  secure: true,
  sessionToken: null,
  cartToken: null,
  shopper: { region: 'us' },
  locale: 'en-us',
  botToken: 'a token',
} as unknown as AccountRequest;

/**
 * The flows with every step they take recorded in order. The customer service answers as the
 * real one does: a known email gets its reset after some database round trips, an unknown one
 * null at once.
 */
function recordedFlows(createPasswordReset?: CustomerService['createPasswordReset']) {
  const steps: string[] = [];
  const logger = { error: vi.fn() };
  const backgroundWork = createBackgroundWork(logger);
  const roundTrip = () => new Promise((resolve) => setImmediate(resolve));
  const customers = {
    createPasswordReset:
      createPasswordReset ??
      (async (email: string) => {
        steps.push('reset: look the email up');
        await roundTrip();
        if (email !== KNOWN) return null;
        for (const write of ['end older links', 'store the token', 'queue the email']) {
          await roundTrip();
          steps.push(`reset: ${write}`);
        }
        return { customerId: 1, token: 'token' };
      }),
  } as Partial<CustomerService> as CustomerService;
  const botProtection: BotProtection = {
    browser: { provider: 'off' },
    assertHuman: async (action) => void steps.push(`bot check: ${action}`),
  };
  const rateLimits: RateLimits = {
    consume: async (rule) => void steps.push(`limit: ${rule}`),
    reset: async () => undefined,
  };
  const flows = createAccountFlows({
    customers,
    sessions: {} as SessionStore,
    rateLimits,
    cart: {} as CartService,
    botProtection,
    backgroundWork,
  });
  /** The steps up to the answer, and those after it. */
  async function requestReset(email: string) {
    steps.length = 0;
    await flows.requestPasswordReset(REQUEST, email);
    const answered = [...steps];
    await backgroundWork.settled();
    return { answered, after: steps.slice(answered.length) };
  }
  return { requestReset, logger };
}

describe('a password reset request', () => {
  it('answers a registered and an unknown email after the same steps, none of them the lookup or the email', async () => {
    const { requestReset } = recordedFlows();
    const known = await requestReset(KNOWN);
    const unknown = await requestReset('nobody@example.com');

    const sameForEveryone = ['bot check: password_reset', 'limit: password-reset-ip', 'limit: password-reset-account'];
    expect(known.answered).toEqual(sameForEveryone);
    expect(unknown.answered).toEqual(sameForEveryone);
    // The work that differs happens after the answer has gone.
    expect(known.after).toEqual([
      'reset: look the email up',
      'reset: end older links',
      'reset: store the token',
      'reset: queue the email',
    ]);
    expect(unknown.after).toEqual(['reset: look the email up']);
  });

  it('logs a reset that fails after the answer, and answers all the same', async () => {
    const { requestReset, logger } = recordedFlows(async () => {
      throw new Error('the database went away');
    });
    await expect(requestReset(KNOWN)).resolves.toBeDefined();
    expect(logger.error).toHaveBeenCalledOnce();
    expect(logger.error.mock.calls[0]![1]).toBe('a password reset request failed');
  });
});
