import { describe, it, expect } from 'vitest';
import type { DisplayTextEntry, DuplicateDisplayTextEntry, Reference } from '../entry-types';
import { createDisplayText } from './display-text';

const system = {
  locale: 'de-de',
  tags: [],
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
  _version: 1,
  publish_details: { environment: 'production', locale: 'de-de', time: '2025-01-01T00:00:00.000Z' },
};

const entry = (uid: string, title: string, text: string): DisplayTextEntry => ({ ...system, uid, title, text });
const reference = (uid: string): Reference => ({ uid, _content_type_uid: 'display_text' });
const duplicate = (
  uid: string,
  title: string,
  display_text_input: DuplicateDisplayTextEntry['display_text_input'],
): DuplicateDisplayTextEntry => ({ ...system, uid, title, display_text_input });

const entries = [
  entry('dt1', 'Add to Cart', 'In den Warenkorb'),
  entry('dt2', 'Related Products', 'Ähnliche Produkte'),
  entry('dt3', 'Untranslated', ''),
];

describe('createDisplayText (§3 "case-insensitive on the trimmed title, and the title is the fallback")', () => {
  const t = createDisplayText(entries, []);

  it.each<[string, string]>([
    ['Add to Cart', 'In den Warenkorb'],
    ['add to cart', 'In den Warenkorb'],
    ['ADD TO CART', 'In den Warenkorb'],
    ['  Add to Cart  ', 'In den Warenkorb'],
    ['Related Products', 'Ähnliche Produkte'],
  ])('%j → %j', (title, expected) => {
    expect(t(title)).toBe(expected);
  });

  it.each(['Checkout', '  Checkout ', '', 'Add to'])('falls back to the title as given: %j', (title) => {
    expect(t(title)).toBe(title);
  });

  it('trims and lowercases the entry titles too', () => {
    expect(createDisplayText([entry('x', '  Sign In ', 'Anmelden')])('sign in')).toBe('Anmelden');
  });

  it('falls back to the title when the text is empty', () => {
    expect(t('Untranslated')).toBe('Untranslated');
  });

  it('keeps the first of two entries with the same title', () => {
    const lookup = createDisplayText([entry('a', 'Close', 'Schließen'), entry('b', 'close', 'Zu')]);
    expect(lookup('CLOSE')).toBe('Schließen');
  });

  it('works without duplicates or entries', () => {
    expect(createDisplayText(entries)('add to cart')).toBe('In den Warenkorb');
    expect(createDisplayText([], [])('Anything')).toBe('Anything');
  });
});

describe('createDisplayText: duplicates (§3 "reference other entries through display_text_input")', () => {
  it('gives a duplicate the text of a resolved reference', () => {
    const t = createDisplayText(entries, [duplicate('d1', 'Add to Bag', [entry('dt1', 'Add to Cart', 'In den Korb')])]);
    expect(t('add to bag')).toBe('In den Korb');
  });

  it('resolves a bare reference through the entries by uid', () => {
    const t = createDisplayText(entries, [duplicate('d1', ' Add To Bag ', [reference('dt1')])]);
    expect(t('ADD TO BAG')).toBe('In den Warenkorb');
  });

  it('uses the first reference that has a text', () => {
    const t = createDisplayText(entries, [
      duplicate('d1', 'You may also like', [
        reference('missing'),
        reference('dt3'),
        reference('dt2'),
        reference('dt1'),
      ]),
    ]);
    expect(t('You may also like')).toBe('Ähnliche Produkte');
  });

  it('falls back to its title when no reference resolves', () => {
    const t = createDisplayText(entries, [
      duplicate('d1', 'Orphan', [reference('missing')]),
      duplicate('d2', 'Empty', []),
    ]);
    expect(t('Orphan')).toBe('Orphan');
    expect(t('Empty')).toBe('Empty');
  });

  it('never overrides a display text of the same title', () => {
    const t = createDisplayText(entries, [duplicate('d1', 'add to cart', [reference('dt2')])]);
    expect(t('Add to Cart')).toBe('In den Warenkorb');
  });

  it('keeps the first of two duplicates with the same title', () => {
    const t = createDisplayText(entries, [
      duplicate('d1', 'Bag', [reference('dt1')]),
      duplicate('d2', 'bag', [reference('dt2')]),
    ]);
    expect(t('Bag')).toBe('In den Warenkorb');
  });
});
