import { describe, expect, it, vi } from 'vitest';
import type { AppLoadContext } from 'react-router';
import { resolveCommerceRegion, type CustomerStatus } from '@piste/commerce';
import { resolveLocaleState } from '@piste/core';
import { signedInProSpend } from './pro-status.server';

const enUs = resolveLocaleState({ locale: 'en-us', isPro: true });
const usd = {
  currency_code: 'USD',
  token: '$',
  decimal_token: '.',
  thousands_token: ',',
  decimal_places: 2,
  token_location: 'left',
};

function contextFor(customer: Partial<CustomerStatus> | null, proOrderTotal: () => Promise<unknown>) {
  const logger = { error: vi.fn() };
  const context = {
    customer: customer && { customer: { id: 7, first_name: 'Jordan' }, proRegion: 'pro', ...customer },
    shopper: { region: resolveCommerceRegion('us') },
    services: {
      logger,
      customers: { proOrderTotal: vi.fn(proOrderTotal) },
      store: { listCurrencies: async () => ({ data: [usd] }) },
    },
  } as unknown as AppLoadContext;
  return { context, logger };
}

describe("signedInProSpend (spec §4 'Customer': setting the customer triggers a spend-status fetch)", () => {
  it("is a signed-in pro's spend this year, with what is left of the limit", async () => {
    const { context } = contextFor({ isPro: true }, async () => ({
      order_total: 1250.5,
      spend_limit: 3000,
      currency_code: 'USD',
      expiration_date: null,
      employee_group: false,
      period_start: '2026-01-01T00:00:00.000Z',
    }));
    expect(await signedInProSpend(context, enUs)).toMatchObject({
      spentText: '$1,250.50',
      limitText: '$3,000.00',
      leftText: '$1,749.50',
      reached: false,
    });
  });

  it('fetches nothing for a guest or a customer who is not a pro', async () => {
    for (const customer of [null, { isPro: false, isEmployee: true }]) {
      const { context } = contextFor(customer, async () => ({}));
      expect(await signedInProSpend(context, enUs)).toBeNull();
      expect(context.services.customers.proOrderTotal).not.toHaveBeenCalled();
    }
  });

  it('logs a failed fetch with its label and leaves the spend out (spec §8), so the page still renders', async () => {
    const failure = new Error('database unavailable');
    const { context, logger } = contextFor({ isPro: true }, () => Promise.reject(failure));
    expect(await signedInProSpend(context, enUs)).toBeNull();
    expect(logger.error).toHaveBeenCalledWith({ err: failure }, '[customer:pro-spend] Spend status fetch failed');
  });
});
