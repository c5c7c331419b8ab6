import fc from 'fast-check';

/**
 * The hostile values the fuzzer sends (docs/reliability.md 'Input fuzzing'): the attacker's
 * dictionary, mixed with fast-check's random strings and numbers so every run tries some the
 * dictionary never named.
 */

/** SQL injection, as typed into forms and ids. */
const SQL_INJECTION = [
  "' OR '1'='1",
  "1' OR '1'='1' --",
  '1; DROP TABLE customers; --',
  "'; update customers set email='x' where ''='",
  '1 UNION SELECT password_hash FROM customers',
  "1' AND sleep(5)#",
  '1)) OR pg_sleep(5)--',
  "admin'--",
  '$1',
];

/** NoSQL (Mongo-style) operators, as strings; as objects they come from `operatorObject`. */
const NOSQL_INJECTION = [
  '{"$gt":""}',
  '{"$ne":null}',
  '{"$where":"sleep(1000)"}',
  '[$regex]=.*',
  'true, $where: "1 == 1"',
];

/** Path traversal and encoding tricks, for ids and names in paths. */
const PATH_TRAVERSAL = [
  '../../../../etc/passwd',
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '..\\..\\windows\\win.ini',
  '%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd',
  '....//....//etc/passwd',
  '/etc/passwd%00.json',
  'file:///etc/passwd',
  '%00',
  '%ZZ',
  '%',
];

/** Markup and template payloads: they must come back inert wherever they are echoed. */
const MARKUP = [
  '<script>window.__xss=1</script>',
  '"><img src=x onerror=window.__xss=1>',
  'javascript:window.__xss=1',
  '{{7*7}}',
  '${7*7}',
  '%s%s%s%n',
  '\r\nSet-Cookie: injected=1',
];

/** Unicode that breaks naive code: lone surrogates, NUL, RTL override, zero widths, BOM, combining marks. */
const UNICODE_EDGES = [
  '\uD800',
  '\uDFFF',
  'a\uD83Db',
  '\u0000',
  'nul\u0000byte',
  '\u202Egnp.exe',
  '\u200B\u200C\u200D\u2060',
  '\uFEFFbom',
  'e\u0301\u0301\u0301\u0301\u0301',
  'שלום عربى',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 🏂🏽',
  '\u{10FFFF}',
  'İıſK',
];

/** Strings that parse as something else somewhere: numbers, booleans, nulls, prototype names. */
const LOOKALIKES = [
  '',
  ' ',
  'null',
  'undefined',
  'true',
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '-1',
  '0',
  '1.5',
  '1e309',
  '0x7fffffff',
  '2147483648',
  '9007199254740993',
  '99999999999999999999999999',
  '00001',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
];

/** Keys that pollute prototypes when code copies objects naively. */
export const POLLUTION_KEYS = ['__proto__', 'constructor', 'prototype', 'constructor.prototype', '__proto__.polluted'];

const HUGE_STRINGS = ['A'.repeat(5_000), '9'.repeat(400), '🏂'.repeat(2_000), `${'a'.repeat(300)}@example.com`];

const DICTIONARY = [
  ...SQL_INJECTION,
  ...NOSQL_INJECTION,
  ...PATH_TRAVERSAL,
  ...MARKUP,
  ...UNICODE_EDGES,
  ...LOOKALIKES,
  ...HUGE_STRINGS,
];

/** A hostile string: from the dictionary, random code units (lone surrogates included), or a valid value spoiled. */
export function hostileString(valid: readonly string[] = []): fc.Arbitrary<string> {
  const spoiled =
    valid.length === 0
      ? []
      : [
          fc
            .tuple(fc.constantFrom(...valid), fc.constantFrom(...DICTIONARY))
            .map(([value, suffix]) => `${value}${suffix}`),
        ];
  return fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...DICTIONARY) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
    ...spoiled.map((arbitrary) => ({ weight: 2, arbitrary })),
  );
}

/** Numbers a schema must bound: negative, zero, fractions, past 32 and 53 bits, the largest doubles. */
export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(-1, 0, -0, 0.5, 1.5, 2 ** 31, 2 ** 31 - 1, 2 ** 53 + 2, -(2 ** 63), 1e308, Number.MIN_VALUE),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** `{ "$gt": "" }`-style objects, what a NoSQL injection sends in a JSON body. */
const operatorObject = fc
  .tuple(fc.constantFrom('$gt', '$ne', '$where', '$regex', '$in'), fc.constantFrom('', null, '.*', 'sleep(1000)'))
  .map(([operator, operand]) => ({ [operator]: operand }));

/** Any hostile JSON value, nested a little. */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString(),
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    operatorObject,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(hostileString(), fc.constantFrom(...POLLUTION_KEYS)), tie('value'), { maxKeys: 3 }),
  ),
})).value;

/**
 * JSON texts a parser must refuse or survive: truncated, single quotes, trailing commas, comments,
 * NaN and 1e999 (parses to Infinity), duplicate and prototype keys, deep nesting, a BOM.
 */
export const MALFORMED_JSON_TEXTS = [
  '{',
  '{"a":',
  "{'line_items': []}",
  '{"a":1,}',
  '{"a":1}/*comment*/',
  '{"quantity": NaN}',
  '{"quantity": 1e999, "id": 1e999, "customerID": -1e999}',
  '{"email":"a@b.co","email":{"$ne":null}}',
  '{"__proto__":{"polluted":"yes"}}',
  '{"constructor":{"prototype":{"polluted":"yes"}}}',
  '\uFEFF{"a":1}',
  '[]',
  'null',
  '"just a string"',
  '12',
  '\u0000',
  `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
  `{"a":${'{"a":'.repeat(2_000)}1${'}'.repeat(2_000)}}`,
];

/** Region headers: the six shopping regions, then nonsense. */
export const REGIONS = ['us', 'ca', 'eu_region_1', 'pro', 'pro_ca', 'pro_eu_region_1'] as const;
export const hostileRegion = fc.option(fc.oneof(fc.constantFrom(...REGIONS), hostileString(['us'])), {
  nil: undefined,
});

/**
 * Card numbers as shoppers type them (Stripe's test cards, docs.stripe.com/testing): in one
 * run, in their printed groups, among words, as a JSON number. Every endpoint answers each 400
 * CARD_DATA_REFUSED (issue 28, 'The payment flow' 7; docs/checkout.md 'The card guard').
 */
export const CARD_SHAPED: fc.Arbitrary<string | number> = fc.constantFrom<string | number>(
  '4242424242424242',
  '4242 4242 4242 4242',
  '5555-5555-5555-4444',
  '3782 822463 10005',
  '6205 5000 0000 0000 004',
  'card 6011111111111117 exp 12/30 cvc 123',
  '4000\u00a00027\u00a06000\u00a03184',
  4242424242424242,
);
