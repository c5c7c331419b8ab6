/**
 * `npm run media:generate` — draws the demo imagery (spec §9 sizes; DESIGN.md §6) into
 * `data/seed/media/piste/`: product photos for every image id of the catalogue, image sets per
 * product colour, mountain banners, blog and athlete pictures, and a short banner video, plus
 * the manifest the media server reads. Existing files are kept (rerun after a catalogue change
 * to add what is missing); `--force` redraws everything.
 *
 *   --catalogue <dir>      catalogue source (default data/seed/catalogue)
 *   --out <dir>            media root (default data/seed/media)
 *   --force                redraw existing files
 *   --contact-sheet <png>  also write a contact sheet of product images, to look at
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { emptyManifest, type ManifestImage, type MediaManifest } from '../server/manifest.server';
import { PRODUCT_HEIGHT, PRODUCT_WIDTH, productKindOf, productSvg } from './product-art';
import { PALETTES, mountainSvg, riderOverlay } from './scene-art';

export const DEMO_ALIAS = 'piste';
const repositoryRoot = fileURLToPath(new URL('../../../../', import.meta.url));

interface CatalogueProduct {
  uid: string;
  category: string;
  title: string;
  colours: Array<{ name: string; hex: string[]; images: string[] }>;
}

interface Job {
  id: string;
  draw: () => string;
  width: number;
  height: number;
  poi?: { x: number; y: number };
  quality: number;
}

async function readCatalogue(dir: string): Promise<CatalogueProduct[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const products: CatalogueProduct[] = [];
  for (const name of names.filter((file) => /^products-.*\.json$/.test(file)).sort()) {
    try {
      const parsed: unknown = JSON.parse(await readFile(join(dir, name), 'utf8'));
      const list = Array.isArray(parsed) ? parsed : [];
      products.push(...(list as CatalogueProduct[]).filter((product) => product.uid && Array.isArray(product.colours)));
    } catch (error) {
      console.warn(`Skipping ${name}: ${(error as Error).message}`);
    }
  }
  return products;
}

/** `{uid}-{colour-slug}-{n}` → n (the view), and the set id `{uid}-{colour-slug}`. */
function viewOf(imageId: string): { angle: number; setId: string } {
  const match = /^(.*)-(\d+)$/.exec(imageId);
  return match ? { angle: Number(match[2]), setId: match[1]! } : { angle: 1, setId: imageId };
}

function productJobs(products: CatalogueProduct[], sets: MediaManifest['sets']): Job[] {
  const jobs: Job[] = [];
  for (const product of products) {
    const { kind, style } = productKindOf(product.category, product.title);
    const mainImages: string[] = [];
    for (const colour of product.colours) {
      const [primary = '#888888', second] = colour.hex;
      // Two-tone swatches are frame/lens; a single colour gets a neutral detail colour.
      const accent = second ?? (kind === 'lens' ? primary : '#2a2a2e');
      for (const id of colour.images) {
        const { angle, setId } = viewOf(id);
        (sets[setId] ??= []).push(id);
        jobs.push({
          id,
          width: PRODUCT_WIDTH,
          height: PRODUCT_HEIGHT,
          quality: 82,
          draw: () => productSvg({ kind, style, primary, accent, angle, seed: product.uid }),
        });
      }
      if (colour.images[0]) mainImages.push(colour.images[0]);
    }
    // One set per product too: the main image of each colour, for swatch previews.
    sets[product.uid] = mainImages;
  }
  return jobs;
}

function sceneJobs(sets: MediaManifest['sets']): Job[] {
  const jobs: Job[] = [];
  const palettes = Object.entries(PALETTES);
  for (const [name, palette] of palettes) {
    jobs.push({
      id: `banner-${name}`,
      width: 1792,
      height: 1008,
      quality: 80,
      poi: { x: 0.5, y: 0.55 },
      draw: () =>
        mountainSvg({
          width: 1792,
          height: 1008,
          palette,
          seed: `banner-${name}`,
          trees: true,
          snowfall: name === 'storm',
        }),
    });
  }
  sets['home-hero'] = palettes.slice(0, 4).map(([name]) => `banner-${name}`);
  for (let n = 1; n <= 8; n += 1) {
    const [, palette] = palettes[n % palettes.length]!;
    jobs.push({
      id: `blog-${n}`,
      width: 1200,
      height: 800,
      quality: 78,
      poi: { x: 0.5, y: 0.5 },
      draw: () =>
        mountainSvg({ width: 1200, height: 800, palette, seed: `blog-${n}`, trees: n % 2 === 0, sunX: 0.2 + n * 0.08 }),
    });
  }
  const kit = [
    ['#c8102e', '#1b1b1f', '#e2583e'],
    ['#1f4e9c', '#eef1f4', '#2a52be'],
    ['#f6c90e', '#222222', '#d4a017'],
    ['#2f4f3e', '#a8a29a', '#00a86b'],
    ['#6c4f8c', '#fafafa', '#e8a0a8'],
    ['#ff6f1a', '#36393f', '#3b6fb6'],
  ] as const;
  kit.forEach(([jacket, helmetColour, lens], index) => {
    const [, palette] = palettes[index % palettes.length]!;
    jobs.push({
      id: `athlete-${index + 1}`,
      width: 900,
      height: 1200,
      quality: 80,
      poi: { x: 0.5, y: 0.4 },
      draw: () =>
        mountainSvg({
          width: 900,
          height: 1200,
          palette,
          seed: `athlete-${index + 1}`,
          overlay: riderOverlay(900, 1200, jacket, helmetColour, lens),
        }),
    });
  });
  sets.athletes = kit.map((_, index) => `athlete-${index + 1}`);
  sets.blog = Array.from({ length: 8 }, (_, index) => `blog-${index + 1}`);
  return jobs;
}

function hashOf(body: Buffer): string {
  return createHash('sha256').update(body).digest('hex').slice(0, 16);
}

async function renderJob(job: Job, folder: string, force: boolean): Promise<ManifestImage> {
  const file = `images/${job.id}.webp`;
  const path = join(folder, file);
  let body: Buffer;
  if (!force && existsSync(path)) {
    body = await readFile(path);
  } else {
    body = await sharp(Buffer.from(job.draw())).webp({ quality: job.quality, effort: 5 }).toBuffer();
    await writeFile(path, body);
  }
  const entry: ManifestImage = { file, width: job.width, height: job.height, alpha: false, hash: hashOf(body) };
  if (job.poi) entry.poi = { ...job.poi, w: 0, h: 0 };
  return entry;
}

function findFfmpeg(): string | undefined {
  const candidates = [process.env.FFMPEG_PATH, 'ffmpeg'].filter(Boolean) as string[];
  return candidates.find((candidate) => spawnSync(candidate, ['-version'], { stdio: 'ignore' }).status === 0);
}

const VIDEO_ID = 'video-snowfall';
const VIDEO_FPS = 12;
const VIDEO_SECONDS = 4;

/**
 * The banner video: snow falling over a bluebird ridge while the sun drifts. An mp4 (720p H.264)
 * when an ffmpeg binary is available; otherwise an animated WebP of the same frames, listed as
 * a `webp_720p` rendition (docs/decisions/006-media.md). Its first frame is the poster.
 */
async function renderVideo(folder: string, manifest: MediaManifest, force: boolean) {
  const width = 1280;
  const height = 720;
  const frameCount = VIDEO_FPS * VIDEO_SECONDS;
  const frame = (index: number) =>
    mountainSvg({
      width,
      height,
      palette: PALETTES.bluebird!,
      seed: VIDEO_ID,
      phase: index / frameCount,
      sunX: 0.6 + (0.1 * index) / frameCount,
      snowfall: true,
      trees: true,
    });
  const poster = await renderJob(
    { id: VIDEO_ID, width, height, quality: 80, poi: { x: 0.5, y: 0.5 }, draw: () => frame(0) },
    folder,
    force,
  );
  manifest.images[VIDEO_ID] = poster;

  const ffmpeg = findFfmpeg();
  const mp4 = `videos/${VIDEO_ID}.mp4`;
  const webp = `videos/${VIDEO_ID}.webp`;
  const renditions = [];
  if (ffmpeg && (force || !existsSync(join(folder, mp4)))) {
    const encoder = spawn(
      ffmpeg,
      [
        '-y',
        '-loglevel',
        'error',
        '-f',
        'image2pipe',
        '-framerate',
        String(VIDEO_FPS),
        '-i',
        '-',
        '-c:v',
        'libx264',
        '-pix_fmt',
        'yuv420p',
        '-crf',
        '26',
        '-movflags',
        '+faststart',
        join(folder, mp4),
      ],
      { stdio: ['pipe', 'inherit', 'inherit'] },
    );
    for (let index = 0; index < frameCount; index += 1) {
      const png = await sharp(Buffer.from(frame(index)))
        .png({ compressionLevel: 1 })
        .toBuffer();
      if (!encoder.stdin.write(png)) await new Promise((done) => encoder.stdin.once('drain', done));
    }
    encoder.stdin.end();
    await new Promise<void>((done, fail) =>
      encoder.on('close', (code) => (code === 0 ? done() : fail(new Error(`ffmpeg exited ${code}`)))),
    );
  }
  if (existsSync(join(folder, mp4))) {
    renditions.push({ profile: 'mp4_720p', file: mp4, width, height, format: 'mpeg4', type: 'video/mp4' });
  }
  if (force || !existsSync(join(folder, webp))) {
    const frames = await Promise.all(
      Array.from({ length: frameCount }, (_, index) =>
        sharp(Buffer.from(frame(index)))
          .png({ compressionLevel: 1 })
          .toBuffer(),
      ),
    );
    await sharp(frames, { join: { animated: true } })
      .webp({ quality: 60, effort: 4, loop: 0, delay: Array(frameCount).fill(Math.round(1000 / VIDEO_FPS)) })
      .toFile(join(folder, webp));
  }
  renditions.push({ profile: 'webp_720p', file: webp, width, height, format: 'webp', type: 'image/webp' });
  manifest.videos[VIDEO_ID] = { width, height, duration: VIDEO_SECONDS, renditions };
}

async function contactSheet(folder: string, ids: string[], path: string) {
  const tileW = 180;
  const tileH = 240;
  const columns = 10;
  const tiles = await Promise.all(
    ids.map((id) =>
      sharp(join(folder, 'images', `${id}.webp`))
        .resize(tileW, tileH)
        .png()
        .toBuffer(),
    ),
  );
  const rows = Math.max(1, Math.ceil(tiles.length / columns));
  await sharp({ create: { width: columns * tileW, height: rows * tileH, channels: 3, background: '#e5e5e5' } })
    .composite(
      tiles.map((input, index) => ({
        input,
        left: (index % columns) * tileW,
        top: Math.floor(index / columns) * tileH,
      })),
    )
    .png()
    .toFile(path);
}

async function runPool<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

export async function generateMedia(options: {
  catalogueDir: string;
  outDir: string;
  force: boolean;
  contactSheetPath?: string;
}) {
  const started = Date.now();
  const folder = join(resolve(options.outDir), DEMO_ALIAS);
  await mkdir(join(folder, 'images'), { recursive: true });
  await mkdir(join(folder, 'videos'), { recursive: true });
  const manifest = emptyManifest();
  const products = await readCatalogue(options.catalogueDir);
  if (products.length === 0) console.warn(`No products in ${options.catalogueDir}: drawing scenes only.`);
  const jobs = [...productJobs(products, manifest.sets), ...sceneJobs(manifest.sets)];
  let done = 0;
  await runPool(jobs, 2, async (job) => {
    manifest.images[job.id] = await renderJob(job, folder, options.force);
    done += 1;
    if (done % 100 === 0) console.log(`  ${done}/${jobs.length} images`);
  });
  await renderVideo(folder, manifest, options.force);
  const sorted: MediaManifest = {
    version: 1,
    images: Object.fromEntries(Object.entries(manifest.images).sort(([a], [b]) => a.localeCompare(b))),
    sets: Object.fromEntries(Object.entries(manifest.sets).sort(([a], [b]) => a.localeCompare(b))),
    videos: manifest.videos,
  };
  // Formatted as the repository's Prettier would, so `npm run lint` accepts the committed file.
  const { format, resolveConfig } = await import('prettier');
  const manifestPath = join(folder, 'manifest.json');
  const style = await resolveConfig(manifestPath);
  await writeFile(manifestPath, await format(JSON.stringify(sorted), { ...style, parser: 'json' }));
  if (options.contactSheetPath) {
    const mains = products.flatMap((product) => product.colours.flatMap((colour) => colour.images.slice(0, 1)));
    await contactSheet(folder, mains.slice(0, 120), options.contactSheetPath);
  }
  console.log(
    `Media: ${Object.keys(sorted.images).length} images, ${Object.keys(sorted.sets).length} sets, ${Object.keys(sorted.videos).length} video(s) in ${folder} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      catalogue: { type: 'string', default: join(repositoryRoot, 'data/seed/catalogue') },
      out: { type: 'string', default: join(repositoryRoot, 'data/seed/media') },
      force: { type: 'boolean', default: false },
      'contact-sheet': { type: 'string' },
    },
  });
  generateMedia({
    catalogueDir: values.catalogue,
    outDir: values.out,
    force: values.force,
    contactSheetPath: values['contact-sheet'],
  }).catch((error: unknown) => {
    console.error('media:generate failed:', error);
    process.exit(1);
  });
}
