import { describe, expect, it } from 'vitest';
import { parseTagManagerId, tagManagerScriptUrl } from './tag-manager';

describe('parseTagManagerId (spec §5)', () => {
  it('accepts GTM- followed by uppercase letters or digits', () => {
    expect(parseTagManagerId('GTM-K7Q2X9')).toBe('GTM-K7Q2X9');
  });

  it.each(['gtm-K7Q2X9', 'GTM-k7q2', 'GTM-', 'UA-1234', 'GTM-AB CD', ' GTM-AB'])('throws for %j', (id) => {
    expect(() => parseTagManagerId(id)).toThrow(/Invalid tag-manager id/);
  });
});

describe('tagManagerScriptUrl', () => {
  it('is the standard gtm.js address of the container', () => {
    expect(tagManagerScriptUrl('GTM-K7Q2X9')).toBe('https://www.googletagmanager.com/gtm.js?id=GTM-K7Q2X9');
  });

  it('throws for an invalid id rather than building an address from it (spec §8)', () => {
    expect(() => tagManagerScriptUrl('GTM-x"><script>')).toThrow(/Invalid tag-manager id/);
  });
});
