import { describe, expect, it } from 'vitest';
import { translateWith } from './display-text';

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
