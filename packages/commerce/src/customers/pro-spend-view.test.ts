import { describe, expect, it } from 'vitest';
import type { ProOrderTotalDto } from './customer-contract';
import { proSpendView, spendProgress } from './pro-spend-view';

describe('spendProgress', () => {
  it('gives the share spent in whole percent and what is left', () => {
    expect(spendProgress(0, 3000)).toEqual({ percent: 0, left: 3000, reached: false });
    expect(spendProgress(749.99, 3000)).toEqual({ percent: 24, left: 2250.01, reached: false });
    expect(spendProgress(3000, 3000)).toEqual({ percent: 100, left: 0, reached: true });
  });

  it('caps an overspent limit at 100% with nothing left, and treats no limit as reached', () => {
    expect(spendProgress(3500, 3000)).toEqual({ percent: 100, left: 0, reached: true });
    expect(spendProgress(10, 0)).toEqual({ percent: 100, left: 0, reached: true });
    expect(spendProgress(-5, 100)).toEqual({ percent: 0, left: 100, reached: false });
  });
});

describe('proSpendView', () => {
  const total: ProOrderTotalDto = {
    order_total: 749.99,
    expiration_date: null,
    employee_group: false,
    spend_limit: 3000,
    currency_code: 'EUR',
    period_start: '2026-01-01T00:00:00.000Z',
  };

  it('writes the spend in the page currency’s own format when the spend is in it', () => {
    const view = proSpendView(total, 'de-de', {
      currency_code: 'EUR',
      token: '€',
      token_location: 'right',
      decimal_token: ',',
      thousands_token: '.',
      decimal_places: 2,
    });
    expect(view).toMatchObject({ percent: 24, reached: false, year: 2026 });
    expect(view?.spentText).toMatch(/^749,99\s?€$/);
    expect(view?.limitText).toMatch(/^3\.000,00\s?€$/);
  });

  it('writes it as the locale writes the spend’s currency on a page of another currency', () => {
    const view = proSpendView(total, 'en-us', { currency_code: 'USD' });
    expect(view?.leftText).toBe('€2,250.01');
  });

  it('has nothing to show where the region counts no spend', () => {
    expect(proSpendView({ ...total, currency_code: null }, 'en-us', undefined)).toBeNull();
  });
});
