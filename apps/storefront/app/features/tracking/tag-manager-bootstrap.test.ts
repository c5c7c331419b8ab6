import { describe, expect, it } from 'vitest';
import { tagManagerBootstrap } from './tag-manager-bootstrap';

const denied = {
  analytics_storage: 'granted',
  ad_storage: 'denied',
  ad_user_data: 'denied',
  ad_personalization: 'denied',
} as const;

/** Runs the bootstrap against a stand-in window and document, as a browser would. */
function run(source: string, currentScript: { nonce: string } | null) {
  const appended: Record<string, unknown>[] = [];
  const window: { dataLayer?: unknown[] } = {};
  const document = {
    currentScript,
    createElement: () => ({}) as Record<string, unknown>,
    head: { appendChild: (element: Record<string, unknown>) => appended.push(element) },
  };
  new Function('window', 'document', source)(window, document);
  return { dataLayer: window.dataLayer!, appended };
}

describe('tagManagerBootstrap', () => {
  it('queues the consent defaults, then gtm.start, then loads gtm.js with the running script’s nonce', () => {
    const { dataLayer, appended } = run(tagManagerBootstrap('GTM-PISTE1', denied), { nonce: 'abc123' });
    expect(dataLayer).toHaveLength(2);
    expect(Array.from(dataLayer[0] as ArrayLike<unknown>)).toEqual(['consent', 'default', denied]);
    expect(dataLayer[1]).toMatchObject({ event: 'gtm.js', 'gtm.start': expect.any(Number) });
    expect(appended).toEqual([
      { async: true, src: 'https://www.googletagmanager.com/gtm.js?id=GTM-PISTE1', nonce: 'abc123' },
    ]);
  });

  it('throws for an invalid container id (spec §8)', () => {
    expect(() => tagManagerBootstrap('GTM-bad', denied)).toThrow(/Invalid tag-manager id/);
  });
});
