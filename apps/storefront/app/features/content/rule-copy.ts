import { isShoppingRegion, type ShoppingRegion } from '@piste/core';

/**
 * Copy that states a shop rule names the rule instead of repeating its figure, so the text
 * cannot drift from what the cart and checkout apply (docs/content.md 'Entries'): an editor writes
 * `{free_shipping_threshold:eu_region_1}` and the page shows that commerce region's
 * free-shipping threshold in its currency, written the way the page's language writes money;
 * `{free_shipping_threshold}` is the threshold of the visitor's own region.
 */
const RULE_TOKEN = /\{free_shipping_threshold(?::([a-z_0-9]+))?\}/g;

/** The regions whose free-shipping threshold a text asks for, each once. */
export function freeShippingRegionsIn(text: string, ownRegion: ShoppingRegion): ShoppingRegion[] {
  const regions = new Set<ShoppingRegion>();
  for (const [, region = ownRegion] of text.matchAll(RULE_TOKEN)) if (isShoppingRegion(region)) regions.add(region);
  return [...regions];
}

/** An amount of money as the page's locale writes it: `€120` in en-us, `120 €` in de-de, `150 $` in fr-ca. */
export function formatRuleAmount(amount: number, currencyCode: string, locale: string): string {
  const whole = Number.isInteger(amount);
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: currencyCode,
    minimumFractionDigits: whole ? 0 : undefined,
    maximumFractionDigits: whole ? 0 : undefined,
  }).format(amount);
}

/**
 * The text with each rule token replaced by its formatted value (which holds no markup, so it
 * fits HTML and plain text alike). A token whose rule cannot be read (an unknown region, no
 * free shipping there) becomes '': a figure the shop would not honour is worse than none.
 */
export function fillRuleCopy(
  text: string,
  thresholds: ReadonlyMap<ShoppingRegion, string>,
  ownRegion: ShoppingRegion,
): string {
  return text.replace(RULE_TOKEN, (_token, region: string | undefined = ownRegion) =>
    isShoppingRegion(region) ? (thresholds.get(region) ?? '') : '',
  );
}
