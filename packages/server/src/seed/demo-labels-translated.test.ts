import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * Every size and specification name of the demo catalogue a shopper reads as words ("One Size",
 * "Small Fit", "Weight") is a display text with the four translations, so filters, size pickers
 * and spec tables read in the page's language (docs/content.md 'Product copy'). Letter sizes
 * (S, M/L, XL) and volumes (20L) read the same in every language.
 */
const SEED = new URL('../../../../data/seed/', import.meta.url);
const LANGUAGES = ['de-de', 'fr-fr', 'es-es', 'it-it'];

interface SeedProduct {
  uid: string;
  sizes: string[];
  specs?: { name: string }[];
}
interface DisplayText {
  title: string;
  translations?: Record<string, { text?: string }>;
}

const products: SeedProduct[] = readdirSync(new URL('catalogue/', SEED))
  .filter((name) => name.startsWith('products-') && name.endsWith('.json'))
  .flatMap((name) => JSON.parse(readFileSync(new URL(`catalogue/${name}`, SEED), 'utf8')) as SeedProduct[]);
const displayTexts = JSON.parse(
  readFileSync(new URL('content/entries/display_text.json', SEED), 'utf8'),
) as DisplayText[];
const byTitle = new Map(displayTexts.map((text) => [text.title.trim().toLowerCase(), text]));

function untranslated(labels: Iterable<string>): string[] {
  return [...new Set(labels)]
    .filter((label) => /[a-z]{3,}/i.test(label) && !/^\d+L$/.test(label))
    .filter((label) => LANGUAGES.some((language) => !byTitle.get(label.toLowerCase())?.translations?.[language]?.text))
    .sort();
}

describe('the demo catalogue’s labels in every language', () => {
  it('has a translated display text for every worded size', () => {
    expect(untranslated(products.flatMap((product) => product.sizes))).toEqual([]);
  });

  it('has a translated display text for every specification name', () => {
    expect(untranslated(products.flatMap((product) => (product.specs ?? []).map((spec) => spec.name)))).toEqual([]);
  });
});
