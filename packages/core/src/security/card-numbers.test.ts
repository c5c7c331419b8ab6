import { describe, expect, it } from 'vitest';
import { CARD_NUMBER_MASK, containsCardNumber, maskCardNumbers, textContainsCardNumber } from './card-numbers';

/** Stripe's test cards (docs.stripe.com/testing), one per network and length, as printed on the card. */
const TEST_CARDS = [
  '4242 4242 4242 4242', // Visa
  '4000 0027 6000 3184', // Visa, needs authentication
  '5555 5555 5555 4444', // Mastercard
  '2223 0031 2200 3222', // Mastercard 2-series
  '3782 822463 10005', // American Express: 15 digits, 4-6-5
  '6011 1111 1111 1117', // Discover
  '3056 9300 0902 0004', // Diners Club
  '3622 720627 1667', // Diners Club: 14 digits, 4-6-4
  '3566 0020 2036 0505', // JCB
  '6200 0000 0000 0005', // UnionPay
  '6205 5000 0000 0000 004', // UnionPay, 19 digits
];

describe('card-shaped numbers', () => {
  it.each(TEST_CARDS)('finds %s in one run, in its groups with spaces or dashes, and among words', (card) => {
    expect(textContainsCardNumber(card.replaceAll(' ', ''))).toBe(true);
    expect(textContainsCardNumber(card)).toBe(true);
    expect(textContainsCardNumber(card.replaceAll(' ', '-'))).toBe(true);
    expect(textContainsCardNumber(`my card: ${card}, exp 12/28 cvc 123`)).toBe(true);
  });

  it('finds a card followed by its expiry and code, and one grouped with no-break spaces', () => {
    expect(textContainsCardNumber('4242 4242 4242 4242 12 28 123')).toBe(true);
    expect(textContainsCardNumber('4242\u00a04242\u00a04242\u00a04242')).toBe(true);
  });

  it('leaves numbers alone that fail Luhn or are too short or too long', () => {
    expect(textContainsCardNumber('4242424242424241')).toBe(false);
    expect(textContainsCardNumber('424242424242')).toBe(false);
    expect(textContainsCardNumber('42424242424242424242')).toBe(false);
  });

  it('leaves alone phone numbers, barcodes, timestamps, ids and decimals', () => {
    // +49 176 12345109 passes Luhn as 13 digits; the + says it is a phone number.
    expect(textContainsCardNumber('4917612345109')).toBe(true);
    expect(textContainsCardNumber('+4917612345109')).toBe(false);
    expect(textContainsCardNumber('+49 176 12345109')).toBe(false);
    expect(textContainsCardNumber('0049 176 12345109')).toBe(false);
    // An EAN-13 of a German product that passes Luhn too: the barcode's own check decides.
    expect(textContainsCardNumber('4006381333924')).toBe(false);
    expect(textContainsCardNumber('1732700000007')).toBe(false); // a timestamp in milliseconds
    expect(textContainsCardNumber('pi_4242424242424242')).toBe(false);
    expect(textContainsCardNumber('4242424242424242abc')).toBe(false);
    expect(textContainsCardNumber('0.4242424242424242')).toBe(false);
    expect(textContainsCardNumber('42424242-4242-4242-4242-424242424242')).toBe(false);
    expect(textContainsCardNumber('2026-11-27 order 1042, 2 items')).toBe(false);
  });

  it('masks each card-shaped number in a text and nothing else', () => {
    expect(maskCardNumbers('/en-us/search?q=4242 4242 4242 4242&page=2')).toBe(
      `/en-us/search?q=${CARD_NUMBER_MASK}&page=2`,
    );
    expect(maskCardNumbers('order 1042 paid with 5555555555554444 and 378282246310005')).toBe(
      `order 1042 paid with ${CARD_NUMBER_MASK} and ${CARD_NUMBER_MASK}`,
    );
    expect(maskCardNumbers('order 1042')).toBe('order 1042');
  });

  it('looks deep into bodies: nested values, keys, integers, bytes and form fields', () => {
    expect(containsCardNumber({ payment: { card: [{ number: '4242 4242 4242 4242' }] } })).toBe(true);
    expect(containsCardNumber({ '4242424242424242': 'yes' })).toBe(true);
    expect(containsCardNumber({ number: 4242424242424242 })).toBe(true);
    expect(containsCardNumber(Buffer.from('{"pan":"4242424242424242"}'))).toBe(true);
    const form = new FormData();
    form.set('intent', 'place');
    form.set('card', '4242-4242-4242-4242');
    expect(containsCardNumber(form)).toBe(true);
    expect(containsCardNumber(new URLSearchParams('q=4242+4242+4242+4242'))).toBe(true);
    expect(containsCardNumber({ quantity: 2, price: 129.95, sku: 'GOG-4242', note: null })).toBe(false);
  });

  it('reads a deeply nested or very long body without overflowing the stack', () => {
    let deep: unknown = '4242424242424242';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(containsCardNumber(deep)).toBe(true);
    expect(containsCardNumber(Array.from({ length: 300_000 }, (_, i) => i))).toBe(false);
    const long = '1 '.repeat(500_000) + 'x';
    const started = performance.now();
    expect(textContainsCardNumber(long)).toBe(false);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
