import { describe, it, expect } from 'vitest';
import { localeFromAcceptLanguage, parseAcceptLanguage, type AcceptLanguageEntry } from './accept-language';

describe('parseAcceptLanguage', () => {
  it.each<[string, string | null | undefined, AcceptLanguageEntry[]]>([
    ['single tag, implicit q=1', 'de-DE', [{ tag: 'de-de', q: 1 }]],
    [
      'ordered by q, ties keep header order',
      'fr;q=0.5, de, en;q=0.8, it',
      [
        { tag: 'de', q: 1 },
        { tag: 'it', q: 1 },
        { tag: 'en', q: 0.8 },
        { tag: 'fr', q: 0.5 },
      ],
    ],
    ['q=0 means not acceptable', 'en;q=0, fr', [{ tag: 'fr', q: 1 }]],
    ['q=0.000 is also zero', 'en;q=0.000', []],
    ['wildcard dropped', '*;q=0.5, es', [{ tag: 'es', q: 1 }]],
    ['underscore normalised', 'en_GB', [{ tag: 'en-gb', q: 1 }]],
    ['spaces around parameters', ' de-CH ; q = 0.7 ', [{ tag: 'de-ch', q: 0.7 }]],
    ['uppercase Q parameter', 'fr;Q=0.4', [{ tag: 'fr', q: 0.4 }]],
    ['other parameters ignored', 'fr;level=1;q=0.3', [{ tag: 'fr', q: 0.3 }]],
    ['q above 1 drops the entry', 'de;q=2, fr', [{ tag: 'fr', q: 1 }]],
    ['non-numeric q drops the entry', 'de;q=high, fr;q=0.1', [{ tag: 'fr', q: 0.1 }]],
    ['negative q drops the entry', 'de;q=-1', []],
    ['empty parts skipped', ',, en ,', [{ tag: 'en', q: 1 }]],
    ['garbage tag skipped', '<script>, ja', [{ tag: 'ja', q: 1 }]],
    ['empty header', '', []],
    ['whitespace header', '   ', []],
    ['null', null, []],
    ['undefined', undefined, []],
  ])('%s', (_description, header, expected) => {
    expect(parseAcceptLanguage(header)).toEqual(expected);
  });
});

describe('localeFromAcceptLanguage', () => {
  it.each<[string, string | null | undefined, string | null]>([
    ['exact supported locale', 'fr-CA', 'fr-ca'],
    ['exact, lowercase', 'es-us', 'es-us'],
    ['exact, uppercase everywhere', 'DE-CH', 'de-ch'],
    ['bare en → en-us', 'en', 'en-us'],
    ['bare de → de-de', 'de', 'de-de'],
    ['bare fr → fr-fr', 'fr', 'fr-fr'],
    ['bare ja → ja-jp', 'ja', 'ja-jp'],
    ['bare es → es-es', 'es', 'es-es'],
    ['bare nl → nl-nl', 'nl', 'nl-nl'],
    ['bare sv → sv-se', 'sv', 'sv-se'],
    ['bare ko → ko-kr', 'ko', 'ko-kr'],
    ['bare zh → zh-cn', 'zh', 'zh-cn'],
    ['bare cs → cs-cz', 'cs', 'cs-cz'],
    ['uppercase bare language', 'IT', 'it-it'],
    ['unsupported country falls back to the language: en-IE → en-us', 'en-IE', 'en-us'],
    ['unsupported country falls back to the language: de-LU → de-de', 'de-LU', 'de-de'],
    ['script subtag skipped: zh-Hans-CN → zh-cn', 'zh-Hans-CN', 'zh-cn'],
    ['Norwegian Bokmål nb-NO → no-no', 'nb-NO', 'no-no'],
    ['Norwegian Nynorsk nn → no-no', 'nn', 'no-no'],
    ['underscore form', 'en_GB', 'en-gb'],
    ['typical browser header', 'en-GB,en-US;q=0.9,en;q=0.8', 'en-gb'],
    ['higher q wins over order', 'en;q=0.5, de-AT;q=0.9', 'de-at'],
    ['unsupported language skipped', 'pt-BR, pt;q=0.9, es;q=0.5', 'es-es'],
    ['q=0 excludes a language', 'de;q=0, fr;q=0.1', 'fr-fr'],
    ['only q=0 → null', 'de;q=0', null],
    ['wildcard alone → null', '*', null],
    ['wildcard then language', '*, it;q=0.2', 'it-it'],
    ['only unsupported languages → null', 'pt-BR, ar', null],
    ['absent header → null', undefined, null],
    ['null header → null', null, null],
    ['empty header → null', '', null],
    ['garbage → null', ';;;===,,,', null],
    ['garbage with a valid tag later', '%%%, ;q=1, ja-JP;q=0.3', 'ja-jp'],
    ['very long header does not throw', `${'x'.repeat(10_000)}, fr`, 'fr-fr'],
  ])('%s', (_description, header, expected) => {
    expect(localeFromAcceptLanguage(header)).toBe(expected);
  });
});
