import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAudit } from '@piste/admin/server';
import { testDatabaseKinds } from '@piste/db/testing';
import { signedInStaff } from '../../test/support/admin-harness';
import { createSeededApiApp } from '../../test/support/app-harness';

/** A multipart/form-data body with one file field. */
function multipart(field: string, fileName: string, contentType: string, body: Buffer) {
  const boundary = `----piste${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, body, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A real PNG: a 400×200 image, left half red, right half blue. */
const png = () =>
  sharp({ create: { width: 400, height: 200, channels: 3, background: { r: 220, g: 20, b: 20 } } })
    .composite([
      {
        input: { create: { width: 200, height: 200, channels: 3, background: { r: 20, g: 20, b: 220 } } },
        left: 200,
        top: 0,
      },
    ])
    .png()
    .toBuffer();

describe.each(testDatabaseKinds())('back-office media on $name', (kind) => {
  let shop: Awaited<ReturnType<typeof createSeededApiApp>>;
  let mediaDir: string;
  let editor: Awaited<ReturnType<typeof signedInStaff>>;
  beforeAll(async () => {
    mediaDir = await mkdtemp(join(tmpdir(), 'piste-media-'));
    shop = await createSeededApiApp(kind, { MEDIA_DIR: mediaDir, MEDIA_CACHE_DIR: join(mediaDir, '.cache') });
    editor = await signedInStaff(shop.app, shop.database, 'merchandiser');
  }, 180_000);
  afterAll(async () => {
    await shop?.close();
    await rm(mediaDir, { recursive: true, force: true });
  });

  const upload = (fileName: string, contentType: string, body: Buffer) =>
    editor.call('POST', '/admin/api/media', multipart('file', fileName, contentType, body));

  it('stores an uploaded PNG as an original the media service renders, listed with its size', async () => {
    const response = await upload('Red and Blue.png', 'image/png', await png());
    expect(response.statusCode, response.body).toBe(201);
    const asset = response.json();
    expect(asset).toMatchObject({
      fileName: 'Red and Blue.png',
      contentType: 'image/png',
      width: 400,
      height: 200,
      focalX: null,
      focalY: null,
    });
    expect(asset.id).toMatch(/^red-and-blue-[0-9a-f]{6}$/);
    expect(asset.renditions).toHaveLength(4);

    const manifest = JSON.parse(await readFile(join(mediaDir, 'piste', 'manifest.json'), 'utf8'));
    expect(manifest.images[asset.id]).toMatchObject({ file: `uploads/${asset.id}.png`, width: 400, height: 200 });

    const rendition = await shop.app.inject({ url: `/media/i/piste/${asset.id}?w=100&fmt=png` });
    expect(rendition.statusCode).toBe(200);
    expect((await sharp(rendition.rawPayload).metadata()).width).toBe(100);

    const list = await editor.call('GET', '/admin/api/media?q=red');
    expect(list.json().items.map((item: { id: string }) => item.id)).toEqual([asset.id]);
    expect((await editor.call('GET', '/admin/api/media?q=green')).json().items).toEqual([]);
    const audit = await listAudit(shop.database.db, { entityType: 'media', entityId: asset.id, limit: 5 });
    expect(audit.map((entry) => entry.action)).toEqual(['media.upload']);
  });

  it('refuses a text file named .png, an empty upload and a request without a file, at the file field', async () => {
    const text = await upload('notes.png', 'image/png', Buffer.from('this is not an image, whatever its name says'));
    expect(text.statusCode).toBe(400);
    expect(text.json().error.fields).toEqual({ file: 'Upload a JPEG, PNG, WebP or AVIF image.' });

    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expect((await upload('anim.gif', 'image/gif', gif)).json().error.fields).toEqual({
      file: 'Upload a JPEG, PNG, WebP or AVIF image.',
    });

    const json = await editor.call('POST', '/admin/api/media', { payload: { file: 'x' } });
    expect(json.statusCode).toBe(400);
    expect(Object.keys(json.json().error.fields)).toEqual(['file']);
    expect((await editor.call('GET', '/admin/api/media')).json().total).toBe(1);
  });

  it('saves a focal point that renditions crop around, and refuses one outside the image', async () => {
    const [asset] = (await editor.call('GET', '/admin/api/media')).json().items;
    const saved = await editor.call('PATCH', `/admin/api/media/${asset.id}`, { payload: { focalX: 0.9, focalY: 0.5 } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ focalX: expect.closeTo(0.9, 5), focalY: expect.closeTo(0.5, 5) });

    // The square rendition crops around the focal point: the blue right half.
    const square = saved.json().renditions.find((item: { label: string }) => item.label.startsWith('Square'));
    expect(square.url).toContain('poi=0.9000,0.5000');
    const image = await shop.app.inject({ url: square.url.replace(/fmt=auto/, 'fmt=png') });
    const { data } = await sharp(image.rawPayload).resize(1, 1).raw().toBuffer({ resolveWithObject: true });
    expect(data[2]).toBeGreaterThan(data[0]!);

    const detail = await editor.call('GET', `/admin/api/media/${asset.id}`);
    expect(detail.json()).toMatchObject({ focalX: expect.closeTo(0.9, 5) });
    const metadata = await shop.app.inject({ url: `/media/i/piste/${asset.id}.json?metadata=true` });
    expect(metadata.json().metadata.pointOfInterest).toMatchObject({ x: expect.closeTo(0.9, 5), y: 0.5 });

    const outside = await editor.call('PATCH', `/admin/api/media/${asset.id}`, {
      payload: { focalX: 1.5, focalY: 0.5 },
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error.fields).toEqual({ focalX: "The focal point's x is a number from 0 to 1." });
    const half = await editor.call('PATCH', `/admin/api/media/${asset.id}`, { payload: { focalX: null, focalY: 0.5 } });
    expect(half.json().error.fields).toEqual({ focalY: 'Set both coordinates of the focal point, or neither.' });
    expect((await editor.call('GET', '/admin/api/media/nope')).statusCode).toBe(404);
  });

  it('lets support see the library but not upload to it', async () => {
    const support = await signedInStaff(shop.app, shop.database, 'support');
    expect((await support.call('GET', '/admin/api/media')).statusCode).toBe(200);
    const refused = await support.call(
      'POST',
      '/admin/api/media',
      multipart('file', 'a.png', 'image/png', await png()),
    );
    expect(refused.statusCode).toBe(403);
  });
});
