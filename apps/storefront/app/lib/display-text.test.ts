import { describe, expect, it } from 'vitest';
import { pluralText, translateWith } from './display-text';

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

describe('pluralText', () => {
  const forms = { one: 'Cart, {count} item', other: 'Cart, {count} items' };
  const french = translateWith({
    'cart, {count} item': 'Panier, {count} article',
    'cart, {count} items': 'Panier, {count} articles',
  });
  const polish = translateWith({
    'cart, {count} item': 'Koszyk, {count} produkt',
    'cart, {count} items': 'Koszyk, {count} produktów',
    'cart, {count} items (few)': 'Koszyk, {count} produkty',
  });

  it('takes the singular for one and the plural for the rest in English', () => {
    expect(pluralText(translateWith({}), 'en-us', 1, forms)).toBe('Cart, 1 item');
    expect(pluralText(translateWith({}), 'en-us', 2, forms)).toBe('Cart, 2 items');
    expect(pluralText(translateWith({}), 'en-us', 11, forms)).toBe('Cart, 11 items');
  });

  it('follows the rules of the texts’ language, not English ones', () => {
    // French counts 0 and 1 as singular.
    expect(pluralText(french, 'fr-fr', 0, forms)).toBe('Panier, 0 article');
    expect(pluralText(french, 'fr-fr', 1, forms)).toBe('Panier, 1 article');
    expect(pluralText(french, 'fr-fr', 3, forms)).toBe('Panier, 3 articles');
    // Polish has a form for 2–4 (few) apart from 5 and up (many).
    const polishForms = { ...forms, few: 'Cart, {count} items (few)', many: 'Cart, {count} items' };
    expect(pluralText(polish, 'pl-pl', 1, polishForms)).toBe('Koszyk, 1 produkt');
    expect(pluralText(polish, 'pl-pl', 3, polishForms)).toBe('Koszyk, 3 produkty');
    expect(pluralText(polish, 'pl-pl', 5, polishForms)).toBe('Koszyk, 5 produktów');
  });

  it('falls back to the other form for a category without its own', () => {
    // German and Italian have one and other only; a language with a category the forms lack takes other.
    expect(pluralText(translateWith({}), 'de-de', 1, forms)).toBe('Cart, 1 item');
    expect(pluralText(translateWith({}), 'it-it', 4, forms)).toBe('Cart, 4 items');
    expect(pluralText(translateWith({}), 'pl-pl', 3, forms)).toBe('Cart, 3 items');
  });

  it('reads an unknown locale with English rules rather than failing', () => {
    expect(pluralText(translateWith({}), 'xx-invalid-locale-tag-', 1, forms)).toBe('Cart, 1 item');
  });
});
