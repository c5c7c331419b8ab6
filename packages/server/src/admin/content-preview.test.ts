import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPreviewTokens } from '@piste/admin/server';
import { signedInStaff } from '../../test/support/admin-harness';
import { createSeededPagesApp } from '../../test/support/app-harness';

const POST = 'how-to-choose-binding-stiffness';
const ENTRY = `/admin/api/content/entries/blog/${POST}`;
const PAGE = `/de-de/blog/p/${POST}`;
const DRAFT_TITLE = 'Bindungshärte: der Entwurf';
const PREVIEW_SECRET = 'a preview secret of at least thirty-two characters';

/** The path and query of a preview URL (it is absolute, on PUBLIC_URL). */
const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

describe('a content draft previewed on the storefront', () => {
  let shop: Awaited<ReturnType<typeof createSeededPagesApp>>;
  let editor: Awaited<ReturnType<typeof signedInStaff>>;
  let previewUrl: string;

  beforeAll(async () => {
    // Production mode: the page cache is on, so the test shows a preview bypasses it.
    shop = await createSeededPagesApp({ PREVIEW_SECRET });
    editor = await signedInStaff(shop.app, shop.database, 'merchandiser');
    const published = (await editor.call('GET', `${ENTRY}?locale=de-de`)).json().published.document;
    const draft = await editor.call('PUT', `${ENTRY}/draft?locale=de-de`, {
      payload: { document: { ...published, title: DRAFT_TITLE, body: '<p>Entwurfstext</p>' } },
    });
    expect(draft.statusCode, draft.body).toBe(200);
    const preview = await editor.call('POST', `${ENTRY}/preview?locale=de-de`, { payload: {} });
    expect(preview.statusCode, preview.body).toBe(200);
    previewUrl = preview.json().url;
  }, 180_000);
  afterAll(() => shop?.close());

  const page = (url: string) => shop.app.inject({ method: 'GET', url });

  it('links to the post’s page in the shop locale, for an hour', async () => {
    const preview = await editor.call('POST', `${ENTRY}/preview?locale=de-de`, { payload: {} });
    const expiresIn = Date.parse(preview.json().expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(59 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(60 * 60_000);
    expect(pathOf(previewUrl)).toMatch(new RegExp(`^${PAGE}\\?preview=[\\w-]+\\.[\\w-]+$`));
  });

  it('renders the draft with a banner, never cached and never indexed, while the shop shows the published post', async () => {
    const published = await page(PAGE);
    expect(published.statusCode).toBe(200);
    expect(published.body).not.toContain(DRAFT_TITLE);

    const preview = await page(pathOf(previewUrl));
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toContain(DRAFT_TITLE);
    expect(preview.body).toContain('Entwurfstext');
    expect(preview.body).toContain('Preview — not published');
    expect(preview.headers['cache-control']).toBe('private, no-store');
    expect(preview.headers['x-robots-tag']).toBe('noindex, nofollow');

    // The preview did not leak into the shared page cache.
    const again = await page(PAGE);
    expect(again.body).not.toContain(DRAFT_TITLE);
    expect(again.body).not.toContain('Preview — not published');
  });

  it('shows the published page for a forged, expired or outdated token', async () => {
    const token = new URL(previewUrl).searchParams.get('preview')!;
    const [payload, signature] = token.split('.');
    const forged = `${Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), u: 'other' }),
    ).toString('base64url')}.${signature}`;
    const otherKey = createPreviewTokens({ secret: 'another secret of thirty-two characters!!', production: true });
    const foreign = otherKey.sign({ type: 'blog', uid: POST, locale: 'de', draftVersion: 1 }).token;
    const expired = createPreviewTokens({ secret: PREVIEW_SECRET, production: true }).sign(
      { type: 'blog', uid: POST, locale: 'de', draftVersion: 1 },
      Date.now() - 61 * 60_000,
    ).token;
    for (const bad of [forged, foreign, expired, 'garbage']) {
      const response = await page(`${PAGE}?preview=${encodeURIComponent(bad)}`);
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain(DRAFT_TITLE);
      expect(response.body).not.toContain('Preview — not published');
    }

    // A newer save makes the link show the published page: it named the draft it was made for.
    const draft = (await editor.call('GET', `${ENTRY}?locale=de`)).json().draft;
    await editor.call('PUT', `${ENTRY}/draft?locale=de`, {
      payload: { document: { ...draft.document, title: 'Noch neuer' }, version: draft.version },
    });
    const outdated = await page(pathOf(previewUrl));
    expect(outdated.body).not.toContain(DRAFT_TITLE);
    expect(outdated.body).not.toContain('Noch neuer');
  });

  it('publishes the German post through draft and preview: the page shows it within a second', async () => {
    const draft = (await editor.call('GET', `${ENTRY}?locale=de`)).json().draft;
    const published = await editor.call('POST', `${ENTRY}/publish?locale=de`, {
      payload: { draftVersion: draft.version },
    });
    expect(published.statusCode, published.body).toBe(200);
    await vi.waitFor(async () => expect((await page(PAGE)).body).toContain('Noch neuer'), {
      timeout: 1_000,
      interval: 50,
    });
  });
});
