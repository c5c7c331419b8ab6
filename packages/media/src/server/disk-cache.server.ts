import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** One cached rendition. The file name carries everything needed to rebuild the index at start. */
export interface CachedFile {
  key: string;
  /** Strong validator: a hash of the bytes, quoted as HTTP wants it. */
  etag: string;
  extension: string;
  size: number;
  path: string;
}

export interface DiskCacheOptions {
  dir: string;
  maxBytes: number;
  /** Bodies up to this size are also kept in memory (bounded by `memoryMaxBytes`). */
  memoryMaxBytes?: number;
}

const FILE_NAME = /^([0-9a-f]{40})\.([A-Za-z0-9_-]{16,})\.([a-z0-9]{2,5})$/;

export function strongEtagOf(body: Uint8Array): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/**
 * Transformed images on disk, evicted least-recently-used once their total size passes
 * `maxBytes`. Recency lives in memory (a Map keeps insertion order; a hit re-inserts); at start
 * the files' modification times seed it. A small in-memory layer keeps hot bodies off the disk.
 */
export class DiskLruCache {
  private readonly entries = new Map<string, CachedFile>();
  private readonly memory = new Map<string, Buffer>();
  private totalBytes = 0;
  private memoryBytes = 0;
  private readonly memoryMaxBytes: number;

  constructor(private readonly options: DiskCacheOptions) {
    this.memoryMaxBytes = options.memoryMaxBytes ?? 0;
  }

  /** Creates the folder and indexes what an earlier run left there (oldest first). */
  async open(): Promise<void> {
    await mkdir(this.options.dir, { recursive: true });
    const names = await readdir(this.options.dir);
    const found: Array<CachedFile & { mtimeMs: number }> = [];
    for (const name of names) {
      const match = FILE_NAME.exec(name);
      const path = join(this.options.dir, name);
      if (!match) {
        // Leftover temporary files of an interrupted write.
        if (name.endsWith('.tmp')) await unlink(path).catch(() => undefined);
        continue;
      }
      const info = await stat(path).catch(() => null);
      if (!info?.isFile()) continue;
      found.push({
        key: match[1]!,
        etag: `"${match[2]}"`,
        extension: match[3]!,
        size: info.size,
        path,
        mtimeMs: info.mtimeMs,
      });
    }
    found.sort((a, b) => a.mtimeMs - b.mtimeMs);
    for (const { mtimeMs: _mtime, ...entry } of found) this.index(entry);
    await this.evict();
  }

  /** The entry for a key, marked as just used; undefined when not cached. */
  lookup(key: string): CachedFile | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  async read(entry: CachedFile): Promise<Buffer> {
    const hot = this.memory.get(entry.key);
    if (hot) {
      this.memory.delete(entry.key);
      this.memory.set(entry.key, hot);
      return hot;
    }
    const body = await readFile(entry.path);
    this.remember(entry.key, body);
    return body;
  }

  /** Writes atomically (temporary file, then rename) and evicts what no longer fits. */
  async store(key: string, extension: string, body: Buffer): Promise<CachedFile> {
    const etag = strongEtagOf(body);
    const path = join(this.options.dir, `${key}.${etag.slice(1, -1)}.${extension}`);
    const temporary = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    await writeFile(temporary, body);
    await rename(temporary, path);
    const previous = this.entries.get(key);
    if (previous) this.forget(previous);
    const entry: CachedFile = { key, etag, extension, size: body.length, path };
    this.index(entry);
    this.remember(key, body);
    await this.evict();
    return entry;
  }

  get size(): { files: number; bytes: number } {
    return { files: this.entries.size, bytes: this.totalBytes };
  }

  private index(entry: CachedFile) {
    this.entries.set(entry.key, entry);
    this.totalBytes += entry.size;
  }

  private forget(entry: CachedFile) {
    this.entries.delete(entry.key);
    this.totalBytes -= entry.size;
    const hot = this.memory.get(entry.key);
    if (hot) {
      this.memory.delete(entry.key);
      this.memoryBytes -= hot.length;
    }
  }

  private remember(key: string, body: Buffer) {
    if (body.length > this.memoryMaxBytes / 8 || this.memory.has(key)) return;
    this.memory.set(key, body);
    this.memoryBytes += body.length;
    for (const [oldKey, oldBody] of this.memory) {
      if (this.memoryBytes <= this.memoryMaxBytes) break;
      this.memory.delete(oldKey);
      this.memoryBytes -= oldBody.length;
    }
  }

  private async evict() {
    for (const entry of this.entries.values()) {
      if (this.totalBytes <= this.options.maxBytes) break;
      this.forget(entry);
      await unlink(entry.path).catch(() => undefined);
    }
  }
}
