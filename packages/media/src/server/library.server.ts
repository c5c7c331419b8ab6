import { mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { PointOfInterest } from '../descriptor';
import { emptyManifest, type ManifestImage, type ManifestVideo, type MediaManifest } from './manifest.server';

/** Aliases and ids: letters, digits, dot, dash, underscore; no leading dot (so never `..`). */
export const MEDIA_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

export interface ResolvedImage extends ManifestImage {
  id: string;
  alias: string;
  path: string;
}

export interface ResolvedVideo extends ManifestVideo {
  id: string;
  alias: string;
  dir: string;
}

/** The originals on disk: one manifest per alias folder under the media root. */
/** How often a miss may look for a manifest another instance changed (an upload), per alias. */
const RELOAD_INTERVAL_MS = 1_000;

export class MediaLibrary {
  private readonly checkedAt = new Map<string, number>();
  private readonly modifiedAt = new Map<string, number>();
  /** Manifest writes of this process, one after another, so no upload's entry is lost to another's. */
  private writes: Promise<unknown> = Promise.resolve();

  private constructor(
    readonly root: string,
    private readonly manifests: Map<string, MediaManifest>,
  ) {}

  /** Reads every `{root}/{alias}/manifest.json`; a missing root is an empty library. */
  static async open(root: string): Promise<MediaLibrary> {
    const absoluteRoot = resolve(root);
    const manifests = new Map<string, MediaManifest>();
    const folders = await readdir(absoluteRoot, { withFileTypes: true }).catch(() => []);
    for (const folder of folders) {
      if (!folder.isDirectory() || !MEDIA_NAME.test(folder.name)) continue;
      const text = await readFile(join(absoluteRoot, folder.name, 'manifest.json'), 'utf8').catch(() => null);
      if (text) manifests.set(folder.name, JSON.parse(text) as MediaManifest);
    }
    return new MediaLibrary(absoluteRoot, manifests);
  }

  get aliases(): string[] {
    return [...this.manifests.keys()];
  }

  manifest(alias: string): MediaManifest | undefined {
    return MEDIA_NAME.test(alias) ? this.manifests.get(alias) : undefined;
  }

  image(alias: string, id: string): ResolvedImage | undefined {
    const entry = this.manifest(alias)?.images[id];
    if (!entry || !Object.hasOwn(this.manifest(alias)!.images, id)) return undefined;
    return { ...entry, id, alias, path: this.inside(alias, entry.file) };
  }

  set(alias: string, id: string): string[] | undefined {
    const manifest = this.manifest(alias);
    return manifest && Object.hasOwn(manifest.sets, id) ? manifest.sets[id] : undefined;
  }

  video(alias: string, id: string): ResolvedVideo | undefined {
    const manifest = this.manifest(alias);
    if (!manifest || !Object.hasOwn(manifest.videos, id)) return undefined;
    return { ...manifest.videos[id]!, id, alias, dir: this.inside(alias, '.') };
  }

  private manifestPath(alias: string): string {
    return join(this.root, alias, 'manifest.json');
  }

  /**
   * Reads the alias's manifest again when its file changed since (an upload through another
   * instance sharing MEDIA_DIR), at most once a second per alias: asked on a miss.
   */
  async reloadIfChanged(alias: string, now = Date.now()): Promise<void> {
    if (!MEDIA_NAME.test(alias) || now - (this.checkedAt.get(alias) ?? 0) < RELOAD_INTERVAL_MS) return;
    this.checkedAt.set(alias, now);
    const modified = await stat(this.manifestPath(alias)).then(
      (info) => info.mtimeMs,
      () => null,
    );
    if (modified === null || modified === this.modifiedAt.get(alias)) return;
    const text = await readFile(this.manifestPath(alias), 'utf8').catch(() => null);
    if (!text) return;
    this.manifests.set(alias, JSON.parse(text) as MediaManifest);
    this.modifiedAt.set(alias, modified);
  }

  /** Changes the alias's manifest on disk (a temporary file renamed over it) and in memory. */
  private changeManifest(alias: string, change: (manifest: MediaManifest) => void): Promise<void> {
    const write = this.writes.then(async () => {
      const path = this.manifestPath(alias);
      await mkdir(dirname(path), { recursive: true });
      const onDisk = await readFile(path, 'utf8').then(
        (text) => JSON.parse(text) as MediaManifest,
        () => emptyManifest(),
      );
      change(onDisk);
      const temporary = `${path}.${process.pid}.tmp`;
      await writeFile(temporary, JSON.stringify(onDisk, null, 2));
      await rename(temporary, path);
      this.manifests.set(alias, onDisk);
      this.modifiedAt.set(alias, (await stat(path)).mtimeMs);
    });
    this.writes = write.catch(() => {});
    return write;
  }

  /**
   * Adds an uploaded original under `{alias}/uploads/` and to the manifest, so it is served at
   * once (and by other instances sharing MEDIA_DIR after their next miss).
   */
  async addImage(
    alias: string,
    id: string,
    original: { body: Buffer; extension: string; width: number; height: number; alpha: boolean; hash: string },
  ): Promise<void> {
    if (!MEDIA_NAME.test(alias) || !MEDIA_NAME.test(id)) throw new Error(`Not a media name: ${alias}/${id}`);
    const file = `uploads/${id}.${original.extension}`;
    const path = this.inside(alias, file);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, original.body);
    const { width, height, alpha, hash } = original;
    await this.changeManifest(alias, (manifest) => {
      manifest.images[id] = { file, width, height, alpha, hash };
    });
  }

  /** Sets (or with null removes) an image's point of interest, answered in its metadata. */
  async setPointOfInterest(alias: string, id: string, poi: Required<PointOfInterest> | null): Promise<void> {
    await this.changeManifest(alias, (manifest) => {
      const image = Object.hasOwn(manifest.images, id) ? manifest.images[id] : undefined;
      if (!image) return;
      if (poi) image.poi = poi;
      else delete image.poi;
    });
  }

  /** A manifest path resolved inside the alias folder; a manifest pointing outside it is refused. */
  inside(alias: string, file: string): string {
    const folder = join(this.root, alias);
    const path = resolve(folder, file);
    if (path !== folder && !path.startsWith(folder + sep)) {
      throw new Error(`Manifest of '${alias}' points outside its folder: ${file}`);
    }
    return path;
  }
}
