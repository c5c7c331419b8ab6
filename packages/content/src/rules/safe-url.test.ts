import { describe, it, expect } from 'vitest';
import { SAFE_URL_SCHEMES, isSafeUrl } from './safe-url';

describe('SAFE_URL_SCHEMES', () => {
  it('is http, https, mailto and tel', () => {
    expect(SAFE_URL_SCHEMES).toEqual(['http', 'https', 'mailto', 'tel']);
  });
});

describe('isSafeUrl (§8 "Dangerous-protocol URL: Refused")', () => {
  it.each<[string, string]>([
    ['https', 'https://example.com/a?b=1#c'],
    ['http', 'http://example.com'],
    ['upper-case scheme', 'HTTPS://example.com'],
    ['mailto', 'mailto:team@piste.example'],
    ['tel', 'tel:+15551234567'],
    ['protocol-relative', '//cdn.example.com/x'],
    ['absolute path', '/en-us/stores'],
    ['relative path', 'stores'],
    ['colon after the path starts', '/search?q=a:b'],
    ['colon in the hash', '#section:2'],
    ['character references after the path starts', '/search?q=a&#58;b&amp;c=1'],
    ['out-of-range reference', '/a&#x110000;b'],
    ['empty', ''],
  ])('allows %s', (_case, url) => {
    expect(isSafeUrl(url)).toBe(true);
  });

  it.each<[string, string]>([
    ['javascript', 'javascript:alert(1)'],
    ['data', 'data:text/html,<script>alert(1)</script>'],
    ['vbscript', 'vbscript:msgbox(1)'],
    ['mixed case', 'JaVaScRiPt:alert(1)'],
    ['leading space', ' javascript:alert(1)'],
    ['leading control character', '\u0001javascript:alert(1)'],
    ['tab inside the scheme', 'jav\tascript:alert(1)'],
    ['newline inside the scheme', 'java\nscript:alert(1)'],
    ['hex character reference in the scheme', 'jav&#x09;ascript:alert(1)'],
    ['decimal character references', '&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)'],
    ['references without semicolons', '&#x6A&#x61&#x76&#x61script:alert(1)'],
    ['named colon', 'javascript&colon;alert(1)'],
    ['named tab', 'java&Tab;script:alert(1)'],
    ['other unknown scheme', 'file:///etc/passwd'],
    ['ftp', 'ftp://example.com'],
  ])('refuses %s', (_case, url) => {
    expect(isSafeUrl(url)).toBe(false);
  });
});
