import { readdir, readFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import type { ManifestImage, ManifestVideo, MediaManifest } from './manifest.server';

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
export class MediaLibrary {
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
