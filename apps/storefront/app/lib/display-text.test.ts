import { describe, expect, it } from 'vitest';
import { translateWith } from './display-text';
import { writtenLanguage } from './display-text.server';

describe('translateWith', () => {
  const translate = translateWith({ 'add to cart': 'In den Warenkorb', 'only {count} left': 'Nur noch {count} da' });

  it('finds a label case-insensitively on its trimmed title', () => {
    expect(translate('  Add To Cart ')).toBe('In den Warenkorb');
  });

  it('falls back to the title when the label has no entry', () => {
    expect(translate('Quantity')).toBe('Quantity');
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(translate('Only {count} left', { count: 3 })).toBe('Nur noch 3 da');
    expect(translate('Only {count} left', {})).toBe('Nur noch {count} da');
  });
});

describe('translateWith: plural display texts (docs/content.md)', () => {
  const items = '{count, plural, one {# item} other {# items}}';
  const french = translateWith({ [items]: '{count, plural, one {# article} other {# articles}}' }, 'fr');
  const english = translateWith({}, 'en');

  it('picks the form by the page language’s plural rules: French 0 is singular, English 0 plural', () => {
    expect(french(items, { count: 0 })).toBe('0 article');
    expect(french(items, { count: 2 })).toBe('2 articles');
    expect(english(items, { count: 0 })).toBe('0 items');
    expect(english(items, { count: 1 })).toBe('1 item');
  });
});

describe('writtenLanguage', () => {
  it('is the locale’s language when it has its own texts, English when all fell back to en-us', () => {
    expect(writtenLanguage([{ locale: 'fr' }, { locale: 'en-us' }], 'fr')).toBe('fr');
    // Japanese has only an "other" form: English fallback texts must still say "1 item".
    expect(writtenLanguage([{ locale: 'en-us' }], 'ja')).toBe('en');
  });
});
