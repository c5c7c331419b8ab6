import { describe, expect, it } from 'vitest';
import { fillRuleCopy, formatRuleAmount, freeShippingRegionsIn } from './rule-copy';

describe('copy that states the free-shipping rule', () => {
  const copy =
    'Free over {free_shipping_threshold:us}, {free_shipping_threshold:eu_region_1} and {free_shipping_threshold}.';

  it('names the regions it asks for, its own region for the bare token, each once', () => {
    expect(freeShippingRegionsIn(copy, 'ca')).toEqual(['us', 'eu_region_1', 'ca']);
    expect(
      freeShippingRegionsIn('{free_shipping_threshold:eu_region_1} {free_shipping_threshold}', 'eu_region_1'),
    ).toEqual(['eu_region_1']);
    expect(freeShippingRegionsIn('{free_shipping_threshold:mars}', 'us')).toEqual([]);
  });

  it.each([
    [120, 'EUR', 'en-us', '€120'],
    [120, 'EUR', 'de-de', '120\u00a0€'],
    [150, 'CAD', 'en-ca', '$150'],
    [150, 'CAD', 'en-us', 'CA$150'],
    [100, 'USD', 'fr-ca', '100\u00a0$\u00a0US'],
    [99.5, 'EUR', 'de-de', '99,50\u00a0€'],
  ])('writes %d %s as %s writes money', (amount, currency, locale, expected) => {
    expect(formatRuleAmount(amount, currency, locale)).toBe(expected);
  });

  it('fills each token from the rule, and leaves nothing where the rule cannot be read', () => {
    const thresholds = new Map([
      ['us', '$100'],
      ['eu_region_1', '€120'],
    ] as const);
    expect(fillRuleCopy(copy, thresholds, 'eu_region_1')).toBe('Free over $100, €120 and €120.');
    expect(fillRuleCopy(copy, thresholds, 'ca')).toBe('Free over $100, €120 and .');
    expect(fillRuleCopy('Over {free_shipping_threshold:mars}!', thresholds, 'us')).toBe('Over !');
  });
});
