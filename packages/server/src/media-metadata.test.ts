import type { MediaService } from '@piste/media/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AMPLIENCE_ALIAS, imageWithPoi } from '../test/fixtures/amplience-media';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mediaMetadataFor } from './media-metadata';

/** The embedded library, as far as metadata reads it: one image with a point of interest and one set. */
function embeddedMedia() {
  const library = {
    image: vi.fn((alias: string, id: string) =>
      alias === 'piste' && id === 'lodge-scene' ? { width: 1792, height: 1008, poi: { x: 0.3, y: 0.4 } } : undefined,
    ),
    set: vi.fn((alias: string, id: string) => (alias === 'piste' && id === 'duo' ? ['a', 'b'] : undefined)),
  };
  return { media: { library } as unknown as MediaService, library };
}

const closers: Array<() => void> = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

describe('mediaMetadataFor', () => {
  it('answers from the embedded library when MEDIA_BASE_URL is unset, as before', async () => {
    const { media, library } = embeddedMedia();
    const logger = { warn: vi.fn() };
    const lookup = await mediaMetadataFor({ MEDIA_ALIAS: 'piste' }, media, logger).lookup({});
    expect(lookup.image('lodge-scene')).toEqual({ width: 1792, height: 1008, poi: { x: 0.3, y: 0.4 } });
    expect(lookup.image('nothing')).toBeNull();
    expect(lookup.imageSetMembers('duo')).toEqual(['a', 'b']);
    expect(lookup.imageSetMembers('nothing')).toEqual([]);
    expect(library.image).toHaveBeenCalledWith('piste', 'lodge-scene');
  });

  it('asks the hosted service, not the library, when MEDIA_BASE_URL is set', async () => {
    const requests: string[] = [];
    const server = createServer((req, res) => {
      requests.push(req.url ?? '');
      if (req.url === imageWithPoi.request) {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(imageWithPoi.body));
      } else res.writeHead(400).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(() => server.close());
    const { media, library } = embeddedMedia();
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const metadata = mediaMetadataFor({ MEDIA_BASE_URL: baseUrl, MEDIA_ALIAS: AMPLIENCE_ALIAS }, media, {
      warn: vi.fn(),
    });
    const lookup = await metadata.lookup({ images: ['lodge-scene'] });
    expect(lookup.image('lodge-scene')).toEqual({
      width: 2400,
      height: 1600,
      poi: { x: 0.42, y: 0.61, w: 0.2, h: 0.25 },
    });
    expect(requests).toEqual([imageWithPoi.request]);
    expect(library.image).not.toHaveBeenCalled();
  });
});
