import { describe, expect, it } from 'vitest';
import { formatMessage } from './message-format';

const items = '{count, plural, one {# item} other {# items}}';
const articles = '{count, plural, one {# article} other {# articles}}';
const artikel = '{count, plural, one {# Artikel} other {# Artikel}}';

describe('formatMessage: plurals by the language’s rules', () => {
  it('says "0 items" in English and "0 article" in French, where 0 takes the singular', () => {
    expect(formatMessage(items, { count: 0 }, 'en')).toBe('0 items');
    expect(formatMessage(items, { count: 1 }, 'en')).toBe('1 item');
    expect(formatMessage(items, { count: 2 }, 'en')).toBe('2 items');
    expect(formatMessage(articles, { count: 0 }, 'fr')).toBe('0 article');
    expect(formatMessage(articles, { count: 1 }, 'fr')).toBe('1 article');
    expect(formatMessage(articles, { count: 2 }, 'fr')).toBe('2 articles');
  });

  it('writes # in the language’s digits', () => {
    expect(formatMessage(artikel, { count: 1234 }, 'de')).toBe('1.234 Artikel');
    expect(formatMessage(items, { count: 1234 }, 'en')).toBe('1,234 items');
  });

  it('prefers an exact =N form over the category', () => {
    const message = '{minutes, plural, =1 {in a minute} other {in # minutes}}';
    expect(formatMessage(message, { minutes: 1 }, 'en')).toBe('in a minute');
    expect(formatMessage(message, { minutes: 5 }, 'en')).toBe('in 5 minutes');
  });

  it('fills other placeholders inside and around the plural', () => {
    const message = '{count, plural, one {# result} other {# results}} for “{query}”';
    expect(formatMessage(message, { count: 3, query: 'helmet' }, 'en')).toBe('3 results for “helmet”');
    expect(
      formatMessage(
        '{count, plural, one {# Ergebnis für „{query}“} other {# Ergebnisse für „{query}“}}',
        { count: 1, query: 'Helm' },
        'de',
      ),
    ).toBe('1 Ergebnis für „Helm“');
  });

  it('uses a category the language has and falls back to other when the text lacks it', () => {
    // Polish needs "few" for 2–4; a text written with one/other only still reads as other.
    expect(formatMessage(items, { count: 3 }, 'pl')).toBe('3 items');
  });
});

describe('formatMessage: plain placeholders and mistakes', () => {
  it('fills {name} and leaves unknown placeholders visible', () => {
    expect(formatMessage('Only {count} left of {size}', { count: 2 }, 'en')).toBe('Only 2 left of {size}');
  });

  it('leaves a plural without its number as written', () => {
    expect(formatMessage(items, {}, 'en')).toBe(items);
  });

  it('shows a broken message as written with its simple placeholders filled, never throws', () => {
    expect(formatMessage('{count, plural, one {# item} other {# items}', { count: 2 }, 'en')).toBe(
      '{count, plural, one {# item} other {# items}',
    );
    expect(formatMessage('{count, plural, one {# item}} for {name}', { count: 2, name: 'x' }, 'en')).toBe(
      '{count, plural, one {# item}} for x',
    );
    expect(formatMessage(items, { count: 2 }, 'not a language!')).toBe('2 items');
  });

  it('keeps # as a character outside a plural', () => {
    expect(formatMessage('Order #{number}', { number: 100001 }, 'en')).toBe('Order #100001');
  });
});
