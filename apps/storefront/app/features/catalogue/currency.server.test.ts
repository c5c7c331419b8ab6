import { describe, expect, it, vi } from 'vitest';
import type { AppLoadContext } from 'react-router';
import { resolveCommerceRegion, type ShopperContext } from '@piste/commerce';
import { formatCurrency } from '@piste/core';
import { currencyFormatFor } from './currency.server';

const eurShopper: ShopperContext = { region: resolveCommerceRegion('eu_region_1') };

function contextWith(listCurrencies: () => Promise<unknown>) {
  const logger = { error: vi.fn() };
  const context = { services: { logger, store: { listCurrencies } } } as unknown as AppLoadContext;
  return { context, logger };
}

describe('currencyFormatFor', () => {
  it("is the region's first currency format", async () => {
    const { context } = contextWith(async () => ({
      data: [
        {
          currency_code: 'EUR',
          token: '€',
          decimal_token: ',',
          thousands_token: '.',
          decimal_places: 2,
          token_location: 'right',
        },
      ],
    }));
    const format = await currencyFormatFor(context, eurShopper, 'de-de');
    expect(formatCurrency(1299.5, format)).toBe('1.299,50\u00a0€');
  });

  it('shows a euro price raw, never with `$`, when the currencies cannot be read, and logs it with its label (spec §5, §8)', async () => {
    const failure = new Error('connection refused');
    const { context, logger } = contextWith(() => Promise.reject(failure));
    const format = await currencyFormatFor(context, eurShopper, 'de-de');
    expect(formatCurrency(1299.5, format)).toBe('1299.5');
    expect(logger.error).toHaveBeenCalledWith(
      { err: failure, region: 'eu_region_1' },
      '[store:currency] Currency fetch failed',
    );
  });
});
