/**
 * Card-shaped numbers in what a client sends (issue 28 'Bad input and failure': "A card-shaped
 * string sent to any of our endpoints is refused and never logged"). The card number goes to
 * the payment provider's own card form, never to us (docs/checkout.md 'The card guard').
 *
 * A card-shaped number is 13–19 digits, written as one run or in groups of 3–6 digits
 * separated by single spaces or dashes (4-4-4-4, Amex's 4-6-5), that starts with a card
 * network's first digit (2–6: Mastercard, Amex, Diners, JCB, Visa, Discover, UnionPay, Maestro)
 * and passes the Luhn check. What is left out, to keep false positives away:
 * - a run inside a word or token (`pi_4242…`, hex ids), or a decimal's fraction (`0.3000…04`);
 * - a run after `+`: an international phone number (`+49 176 12345109`: 13 digits that pass Luhn);
 * - a run starting with 0, 1, 7, 8 or 9: timestamps in milliseconds, `0049…` phone numbers;
 * - 13 and 14 digits that pass the GS1 check too: an EAN-13 or GTIN-14 barcode (German EANs
 *   start with 40–44, and one in ten passes Luhn by chance). A 13-digit Visa number is long gone.
 * - groups shorter than 3 digits: dates, UUIDs (8-4-4-4-12 never adds up to 13–19 in groups).
 */

/** The code and message of every refusal: the API's, the page forms' and the static page's. */
export const CARD_DATA_REFUSED = 'CARD_DATA_REFUSED';
export const CARD_DATA_REFUSED_MESSAGE =
  "Card numbers are never sent to this shop: type your card in the payment provider's card form.";

/**
 * Digit groups joined by single spaces (or no-break spaces) or dashes, not inside a word, a
 * decimal or after `+`. The end's boundary is checked in code (`GLUED_END`): a lookahead here
 * would make the regex backtrack through every group, quadratic on a long run of them.
 */
const DIGIT_CHAIN = /(?<![\p{L}\p{N}_+]|\p{N}[.,])\d+(?:[ \u00a0-]\d+)*/gu;
/** What after a chain glues its last group to a word or makes it a decimal's whole part. */
const GLUED_END = /^(?:[\p{L}\p{N}_]|[.,]\d)/u;

const MIN_DIGITS = 13;
const MAX_DIGITS = 19;
const NETWORK_FIRST_DIGITS = /^[2-6]/;

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The GS1 check digit of barcodes (EAN-13, GTIN-14): weights 3 and 1 from the right. */
function passesGs1(digits: string): boolean {
  let sum = 0;
  for (let i = 1; i < digits.length; i++) {
    sum += (digits.charCodeAt(digits.length - 1 - i) - 48) * (i % 2 === 1 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10 === digits.charCodeAt(digits.length - 1) - 48;
}

function isCardNumber(digits: string): boolean {
  if (digits.length < MIN_DIGITS || digits.length > MAX_DIGITS) return false;
  if (!NETWORK_FIRST_DIGITS.test(digits) || !passesLuhn(digits)) return false;
  return !(digits.length <= 14 && passesGs1(digits));
}

interface Span {
  start: number;
  end: number;
}

/** The card-shaped numbers of one chain of digit groups, as spans of the text. */
function cardSpansOfChain(chain: string, offset: number, gluedEnd: boolean): Span[] {
  const groups = [...chain.matchAll(/\d+/g)].map((match) => ({ digits: match[0], start: match.index }));
  if (gluedEnd) groups.pop();
  const spans: Span[] = [];
  for (let first = 0; first < groups.length; first++) {
    const group = groups[first]!;
    const whole = { start: offset + group.start, end: offset + group.start + group.digits.length };
    if (isCardNumber(group.digits)) {
      spans.push(whole);
      continue;
    }
    let digits = '';
    for (let last = first; last < groups.length; last++) {
      const next = groups[last]!;
      if (next.digits.length < 3 || next.digits.length > 6) break;
      digits += next.digits;
      if (digits.length > MAX_DIGITS) break;
      if (last > first && isCardNumber(digits)) {
        spans.push({ start: whole.start, end: offset + next.start + next.digits.length });
        break;
      }
    }
  }
  return spans;
}

function cardSpans(text: string): Span[] {
  const spans: Span[] = [];
  // Most values (ids, names, quantities) are too short to hold one.
  if (text.length < MIN_DIGITS) return spans;
  for (const match of text.matchAll(DIGIT_CHAIN)) {
    // Too short, or only groups of one or two digits (dates, versions): most chains end here.
    if (match[0].length < MIN_DIGITS || !/\d{3}/.test(match[0])) continue;
    const end = match.index + match[0].length;
    const gluedEnd = GLUED_END.test(text.slice(end, end + 2));
    spans.push(...cardSpansOfChain(match[0], match.index, gluedEnd));
  }
  return spans;
}

/** Whether a text holds a card-shaped number. */
export function textContainsCardNumber(text: string): boolean {
  return cardSpans(text).length > 0;
}

export const CARD_NUMBER_MASK = '[card number removed]';

/** The text with every card-shaped number replaced by `CARD_NUMBER_MASK`, for logs. */
export function maskCardNumbers(text: string): string {
  const spans = cardSpans(text);
  if (spans.length === 0) return text;
  let masked = '';
  let from = 0;
  for (const span of spans) {
    if (span.start < from) continue;
    masked += text.slice(from, span.start) + CARD_NUMBER_MASK;
    from = span.end;
  }
  return masked + text.slice(from);
}

const utf8 = new TextDecoder();

/**
 * Whether a value a client sent holds a card-shaped number anywhere: a string, an integer, raw
 * bytes read as UTF-8, or deep in objects, arrays and key/value lists (FormData,
 * URLSearchParams), keys included. Uploaded files' contents are not read.
 */
export function containsCardNumber(value: unknown): boolean {
  // A stack rather than recursion: a deeply nested JSON body must not overflow the call stack.
  const pending: unknown[] = [value];
  const seen = new Set<object>();
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (textContainsCardNumber(next)) return true;
    } else if (typeof next === 'number' || typeof next === 'bigint') {
      // A JSON number: 16-digit card numbers (below 7e15) are exact as numbers.
      if (Math.abs(Number(next)) >= 1e12 && textContainsCardNumber(String(next))) return true;
    } else if (ArrayBuffer.isView(next)) {
      pending.push(utf8.decode(next as Uint8Array));
    } else if (typeof next === 'object' && next !== null && !seen.has(next)) {
      seen.add(next);
      // One push per item: spreading a long array into push() overflows the call stack too.
      if (Array.isArray(next)) for (const item of next) pending.push(item);
      else if (typeof (next as { entries?: unknown }).entries === 'function') {
        for (const entry of (next as { entries(): Iterable<unknown> }).entries()) pending.push(entry);
      } else {
        for (const [key, item] of Object.entries(next)) pending.push(key, item);
      }
    }
  }
  return false;
}
