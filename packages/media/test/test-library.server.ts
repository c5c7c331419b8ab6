import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { MediaManifest } from '../src/server/manifest.server';

/**
 * A tiny media library in a temporary folder, for tests: an opaque photo (`photo`, 800×600,
 * with a point of interest), a transparent PNG (`cutout`), a set (`duo`), a video (`clip`,
 * animated WebP rendition plus poster) and a 1792-px banner.
 */
export async function createTestLibrary(): Promise<{ mediaDir: string; cacheDir: string }> {
  const root = await mkdtemp(join(tmpdir(), 'piste-media-'));
  const mediaDir = join(root, 'media');
  const folder = join(mediaDir, 'test');
  await mkdir(join(folder, 'images'), { recursive: true });
  await mkdir(join(folder, 'videos'), { recursive: true });
  const gradient = (width: number, height: number) =>
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="#1e6bb8"/><stop offset="1" stop-color="#f4a582"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 4}" cy="${height / 4}" r="${height / 8}" fill="#fff"/></svg>`,
    );
  await sharp(gradient(800, 600)).webp({ quality: 80 }).toFile(join(folder, 'images/photo.webp'));
  await sharp(gradient(1792, 1008)).webp({ quality: 80 }).toFile(join(folder, 'images/banner.webp'));
  await sharp({ create: { width: 200, height: 200, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 0.5 } } })
    .png()
    .toFile(join(folder, 'images/cutout.png'));
  await sharp(gradient(320, 180)).webp().toFile(join(folder, 'images/clip.webp'));
  const frames = await Promise.all(
    [0, 1, 2].map((i) =>
      sharp(gradient(320 + i, 180))
        .resize(320, 180)
        .png()
        .toBuffer(),
    ),
  );
  await sharp(frames, { join: { animated: true } })
    .webp({ delay: [100, 100, 100] })
    .toFile(join(folder, 'videos/clip.webp'));
  await writeFile(join(folder, 'videos/clip.mp4'), Buffer.alloc(4096, 1));

  const manifest: MediaManifest = {
    version: 1,
    images: {
      photo: {
        file: 'images/photo.webp',
        width: 800,
        height: 600,
        alpha: false,
        hash: 'p1',
        poi: { x: 0.25, y: 0.25, w: 0, h: 0 },
      },
      banner: { file: 'images/banner.webp', width: 1792, height: 1008, alpha: false, hash: 'b1' },
      cutout: { file: 'images/cutout.png', width: 200, height: 200, alpha: true, hash: 'c1' },
      clip: { file: 'images/clip.webp', width: 320, height: 180, alpha: false, hash: 'v1' },
    },
    sets: { duo: ['photo', 'cutout'] },
    videos: {
      clip: {
        width: 1280,
        height: 720,
        duration: 1,
        renditions: [
          {
            profile: 'mp4_720p',
            file: 'videos/clip.mp4',
            width: 1280,
            height: 720,
            format: 'mpeg4',
            type: 'video/mp4',
          },
          {
            profile: 'webp_720p',
            file: 'videos/clip.webp',
            width: 320,
            height: 180,
            format: 'webp',
            type: 'image/webp',
          },
        ],
      },
    },
  };
  await writeFile(join(folder, 'manifest.json'), JSON.stringify(manifest));
  return { mediaDir, cacheDir: join(root, 'cache') };
}
