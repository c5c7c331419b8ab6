import { afterEach, describe, expect, it, vi } from 'vitest';
import { startTagManager, TAG_MANAGER_SCRIPT_ID, tagManagerBootstrap } from './tag-manager-bootstrap';

const denied = {
  analytics_storage: 'granted',
  ad_storage: 'denied',
  ad_user_data: 'denied',
  ad_personalization: 'denied',
} as const;

/** A stand-in window and document, as the bootstrap uses them. */
function standIns() {
  const appended: Record<string, unknown>[] = [];
  const window: { dataLayer?: unknown[] } = {};
  const document = {
    createElement: () => ({}) as Record<string, unknown>,
    head: { appendChild: (element: Record<string, unknown>) => appended.push(element) },
  };
  return { window, document, appended };
}

/** The data layer's entries as plain values: gtag() commands as arrays, the start time left out. */
const entries = (dataLayer: unknown[]) =>
  dataLayer.map((entry) =>
    typeof entry === 'object' && entry !== null && 'gtm.start' in entry
      ? { ...entry, 'gtm.start': typeof entry['gtm.start'] }
      : Array.from(entry as ArrayLike<unknown>),
  );

afterEach(() => vi.unstubAllGlobals());

describe('tagManagerBootstrap', () => {
  it('queues the consent defaults, then gtm.start, then loads gtm.js: no nonce to carry', () => {
    const { window, document, appended } = standIns();
    new Function('window', 'document', tagManagerBootstrap('GTM-PISTE1', denied))(window, document);
    expect(entries(window.dataLayer!)).toEqual([
      ['consent', 'default', denied],
      { 'gtm.start': 'number', event: 'gtm.js' },
    ]);
    expect(appended).toEqual([{ async: true, src: 'https://www.googletagmanager.com/gtm.js?id=GTM-PISTE1' }]);
  });

  it('throws for an invalid container id (spec §8)', () => {
    expect(() => tagManagerBootstrap('GTM-bad', denied)).toThrow(/Invalid tag-manager id/);
  });
});

describe('startTagManager', () => {
  it('does what the inline bootstrap does, from the page’s code, marking gtm.js as the container', () => {
    const inline = standIns();
    new Function('window', 'document', tagManagerBootstrap('GTM-PISTE1', denied))(inline.window, inline.document);
    const fromCode = standIns();
    vi.stubGlobal('window', fromCode.window);
    vi.stubGlobal('document', fromCode.document);
    startTagManager('GTM-PISTE1', denied);
    expect(entries(fromCode.window.dataLayer!)).toEqual(entries(inline.window.dataLayer!));
    expect(fromCode.appended).toEqual([{ ...inline.appended[0], id: TAG_MANAGER_SCRIPT_ID }]);
  });
});
