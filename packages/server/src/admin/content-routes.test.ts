import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listAudit } from '@piste/admin/server';
import { testDatabaseKinds } from '@piste/db/testing';
import { signedInStaff } from '../../test/support/admin-harness';
import { createSeededApiApp } from '../../test/support/app-harness';

const POST = 'how-to-choose-binding-stiffness';
const ENTRY = `/admin/api/content/entries/blog/${POST}`;

describe.each(testDatabaseKinds())('back-office content on $name', (kind) => {
  let shop: Awaited<ReturnType<typeof createSeededApiApp>>;
  let editor: Awaited<ReturnType<typeof signedInStaff>>;
  beforeAll(async () => {
    shop = await createSeededApiApp(kind);
    editor = await signedInStaff(shop.app, shop.database, 'merchandiser');
  }, 180_000);
  afterAll(() => shop?.close());

  /** The German post as the shop's content client reads it (with its caches, cleared by notifications). */
  const germanPost = () => shop.app.services.content.client.blogPost('de', `/${POST}`);

  it('lists content types with their field schema, and a type’s entries with locales and draft state', async () => {
    const types = await editor.call('GET', '/admin/api/content/types');
    expect(types.statusCode).toBe(200);
    const blog = types.json().items.find((type: { uid: string }) => type.uid === 'blog');
    expect(blog).toMatchObject({ title: 'Blog post', isPage: true, urlPrefix: '/blog/p' });
    expect(blog.entryCount).toBeGreaterThanOrEqual(8);

    const type = await editor.call('GET', '/admin/api/content/types/blog');
    expect(type.json().schema.map((field: { uid: string }) => field.uid)).toContain('published_date');

    const entries = await editor.call('GET', '/admin/api/content/types/blog/entries?locale=de-de&q=binding');
    expect(entries.statusCode).toBe(200);
    const item = entries.json().items.find((entry: { uid: string }) => entry.uid === POST);
    expect(item).toMatchObject({ draft: null, publishedVersion: 1 });
    expect(item.locales).toEqual(expect.arrayContaining(['de', 'en-us']));
    expect(entries.json().locale).toBe('de');
  });

  it('shows the en-us document, marked as the fallback, for a locale without a translation', async () => {
    const response = await editor.call('GET', `${ENTRY}?locale=ja-jp`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ locale: 'ja', fallbackFrom: 'en-us', draft: null });
    expect(response.json().published.document.title).toBe('How to choose binding stiffness');
    const german = await editor.call('GET', `${ENTRY}?locale=de-de`);
    expect(german.json()).toMatchObject({ locale: 'de', fallbackFrom: null });
  });

  it('refuses an invalid draft with a message at each field, and saves nothing', async () => {
    const current = (await editor.call('GET', `${ENTRY}?locale=de`)).json().published.document;
    const response = await editor.call('PUT', `${ENTRY}/draft?locale=de`, {
      payload: {
        document: {
          ...current,
          title: '',
          url: 'Not A Url',
          published_date: 'yesterday',
          blog_category: [{ uid: 'no-such-category', _content_type_uid: 'blog_category' }],
          hero: { amplience_id: 'blog-1', imageset: 'Maybe' },
          colour: 'red',
        },
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      'document.title': 'Title is required.',
      'document.url': expect.stringContaining('A url starts with /'),
      'document.published_date': expect.stringContaining('must be a date'),
      'document.blog_category.0': 'No published blog_category entry no-such-category.',
      'document.hero.imageset': 'Choose one of Yes, No.',
      'document.colour': 'This field is not part of the content type.',
    });
    expect((await editor.call('GET', `${ENTRY}?locale=de`)).json().draft).toBeNull();
  });

  it('refuses a banner hotspot placed off the image', async () => {
    const banner = (await editor.call('GET', '/admin/api/content/entries/banner/home-hotspots')).json().published
      .document;
    const [first, ...rest] = banner.background.content.hotspots;
    const response = await editor.call('PUT', '/admin/api/content/entries/banner/home-hotspots/draft', {
      payload: {
        document: {
          ...banner,
          background: {
            ...banner.background,
            content: { ...banner.background.content, hotspots: [{ ...first, points: { x: 1.4, y: 0.2 } }, ...rest] },
          },
        },
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      'document.background.content.hotspots.0.points': 'Place the hotspot on the image (x and y from 0 to 1).',
    });
  });

  it('saves a German draft with its rich text sanitized as the shop sanitizes it; a stale save is refused with the other draft', async () => {
    const current = (await editor.call('GET', `${ENTRY}?locale=de-de`)).json().published.document;
    const first = await editor.call('PUT', `${ENTRY}/draft?locale=de-de`, {
      payload: {
        document: { ...current, title: 'Bindungshärte richtig wählen', body: '<p>Neu</p><script>alert(1)</script>' },
      },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ version: 1, baseVersion: 1 });
    expect(first.json().document.body).toBe('<p>Neu</p>');

    const colleague = await signedInStaff(shop.app, shop.database, 'merchandiser');
    const theirs = await colleague.call('PUT', `${ENTRY}/draft?locale=de`, {
      payload: { document: { ...first.json().document, summary: 'Kurz gesagt' }, version: 1 },
    });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().version).toBe(2);

    const stale = await editor.call('PUT', `${ENTRY}/draft?locale=de`, {
      payload: { document: { ...first.json().document, summary: 'Mein Text' }, version: 1 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('VERSION_CONFLICT');
    expect(stale.json().error.current).toMatchObject({ version: 2, document: { summary: 'Kurz gesagt' } });

    // The shop still shows the published post.
    expect((await germanPost())?.title).not.toBe('Bindungshärte richtig wählen');
  });

  it('publishes the draft as the next version; the shop shows it within a second; rollback brings the old one back', async () => {
    const opened = (await editor.call('GET', `${ENTRY}?locale=de`)).json();
    const originalTitle = opened.published.document.title;
    const stale = await editor.call('POST', `${ENTRY}/publish?locale=de`, { payload: { draftVersion: 1 } });
    expect(stale.statusCode).toBe(409);

    const published = await editor.call('POST', `${ENTRY}/publish?locale=de`, {
      payload: { draftVersion: opened.draft.version },
    });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toEqual({ version: 2 });
    await vi.waitFor(async () => expect((await germanPost())?.title).toBe('Bindungshärte richtig wählen'), {
      timeout: 1_000,
      interval: 50,
    });

    const after = (await editor.call('GET', `${ENTRY}?locale=de`)).json();
    expect(after.draft).toBeNull();
    expect(after.versions.map((version: { version: number }) => version.version)).toEqual([2, 1]);
    expect(after.versions[1]).toMatchObject({ title: originalTitle, actor: 'published before the back office' });

    const rolledBack = await editor.call('POST', `${ENTRY}/rollback?locale=de`, { payload: { version: 1 } });
    expect(rolledBack.json()).toEqual({ version: 3 });
    await vi.waitFor(async () => expect((await germanPost())?.title).toBe(originalTitle), {
      timeout: 1_000,
      interval: 50,
    });
    const missing = await editor.call('POST', `${ENTRY}/rollback?locale=de`, { payload: { version: 99 } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({ version: 'There is no version 99 of this entry.' });

    const audit = await listAudit(shop.database.db, { entityId: `blog/${POST}/de`, limit: 20 });
    expect(audit.map((entry) => entry.action)).toEqual([
      'content.rollback',
      'content.publish',
      'content.draft.save',
      'content.draft.save',
    ]);
  });

  it('creates a new entry as a draft, with its uid from the title, and refuses a taken url', async () => {
    const document = {
      title: 'Spring touring in Tirol',
      url: '/spring-touring-in-tirol',
      published_date: '2026-03-01',
      blog_category: [{ uid: 'mountain-stories', _content_type_uid: 'blog_category' }],
      body: '<p>Firn.</p>',
    };
    const created = await editor.call('POST', '/admin/api/content/types/blog/entries?locale=en-us', {
      payload: { document },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ uid: 'spring-touring-in-tirol', locale: 'en-us', draft: { version: 1 } });
    const again = await editor.call('POST', '/admin/api/content/types/blog/entries?locale=en-us', {
      payload: { document },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.fields.uid).toContain('exists already');

    const clash = await editor.call('POST', '/admin/api/content/types/blog/entries?locale=en-us', {
      payload: { uid: 'another', document: { ...document, url: `/${POST}` } },
    });
    expect(clash.json().error.fields['document.url']).toContain(POST);

    const publish = await editor.call('POST', '/admin/api/content/entries/blog/spring-touring-in-tirol/publish', {
      payload: { draftVersion: 1 },
    });
    expect(publish.json()).toEqual({ version: 1 });
    await vi.waitFor(
      async () =>
        expect((await shop.app.services.content.client.blogPost('en-us', '/spring-touring-in-tirol'))?.title).toBe(
          'Spring touring in Tirol',
        ),
      { timeout: 1_000, interval: 50 },
    );
  });

  it('lists entries to reference by title, and discards a draft', async () => {
    const references = await editor.call('GET', '/admin/api/content/references?types=blog_category&q=gear');
    expect(references.json().items).toEqual([{ uid: 'gear-guides', type: 'blog_category', title: expect.any(String) }]);
    const bad = await editor.call('GET', '/admin/api/content/references?types=Not-A-Type');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(['types.0']);

    const entry = (await editor.call('GET', `${ENTRY}?locale=fr`)).json();
    const saved = await editor.call('PUT', `${ENTRY}/draft?locale=fr`, {
      payload: { document: { ...entry.published.document, summary: 'Brouillon' } },
    });
    expect(saved.statusCode).toBe(200);
    expect((await editor.call('DELETE', `${ENTRY}/draft?locale=fr&version=1`)).statusCode).toBe(204);
    expect((await editor.call('GET', `${ENTRY}?locale=fr`)).json().draft).toBeNull();
  });

  it('lets support read content but not change it, and answers 404 and 400 for unknown types and locales', async () => {
    const support = await signedInStaff(shop.app, shop.database, 'support');
    expect((await support.call('GET', `${ENTRY}?locale=de`)).statusCode).toBe(200);
    const refused = await support.call('PUT', `${ENTRY}/draft?locale=de`, { payload: { document: {} } });
    expect(refused.statusCode).toBe(403);
    expect((await editor.call('GET', '/admin/api/content/entries/nope/x')).statusCode).toBe(404);
    const locale = await editor.call('GET', `${ENTRY}?locale=xx-yy`);
    expect(locale.statusCode).toBe(400);
    expect(locale.json().error.fields).toEqual({ locale: 'xx-yy is not a language of the shop.' });
    const body = await editor.call('PUT', `${ENTRY}/draft?locale=de`, { payload: { document: 'text' } });
    expect(body.statusCode).toBe(400);
    expect(Object.keys(body.json().error.fields)).toEqual(['document']);
  });
});
