import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { z } from 'zod';
import { contentLocaleFor, DEFAULT_LOCALE, parseLocale } from '@piste/core';
import type { SeedStep, SeedTx } from '@piste/db';
import * as contentTables from '../schema/index';
import type { ContentSnapshot, EntryInput } from '../store/content-store-contract';
import { publishContent } from '../store/content-writes.server';
import { isRecord } from '../store/entry-query';
import { CONTENT_TYPE_UID } from '../store/identifiers';
import {
  assetsFileSchema,
  contentTypesFileSchema,
  entriesFileSchema,
  taxonomiesFileSchema,
  type SeedContentType,
  type SeedEntry,
} from './seed-schemas';

/** data/seed/content/ */
export const CONTENT_SEED_DIR = new URL('../../../../data/seed/content/', import.meta.url);

/** Bump when the way seed files become stored content changes: part of the step's version. */
const SEED_FORMAT = 1;

/** Entries built by the caller rather than read from entries/ (product entries from the catalogue). */
export interface GeneratedEntries {
  /** Changes whenever the built entries would: part of the step's version. */
  version: string;
  /** Files in entries/ that feed the builder and hold no content type's entries. */
  inputFiles: readonly string[];
  /** Entries by content type uid; runs in the seed's transaction, after the steps before it. */
  build(tx: SeedTx): Promise<Record<string, unknown[]>>;
}

export interface ContentSeedOptions {
  /** The seed folder; data/seed/content/ by default. */
  dir?: URL;
  generated?: GeneratedEntries;
}

export class ContentSeedError extends Error {
  override name = 'ContentSeedError';
  constructor(readonly problems: string[]) {
    const shown = problems.slice(0, 25);
    const more = problems.length > shown.length ? `\n  … and ${problems.length - shown.length} more` : '';
    super(`Invalid content seed data:\n${shown.map((problem) => `  - ${problem}`).join('\n')}${more}`);
  }
}

/** "entries/banner.json: 3 ('hero') background.type: …": the file, the item and the field. */
function describeIssues(source: string, data: unknown, issues: readonly z.core.$ZodIssue[]): string[] {
  return issues.map((issue) => {
    const [index, ...rest] = issue.path;
    const item = Array.isArray(data) && typeof index === 'number' ? data[index] : undefined;
    const label =
      isRecord(item) && typeof item.uid === 'string' ? `${String(index)} ('${item.uid}')` : String(index ?? '');
    const where = [label, rest.map(String).join('.')].filter(Boolean).join(' ');
    return where ? `${source}: ${where}: ${issue.message}` : `${source}: ${issue.message}`;
  });
}

function parseWith<T>(schema: z.ZodType<T>, data: unknown, source: string, problems: string[]): T | undefined {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  problems.push(...describeIssues(source, data, result.error.issues));
  return undefined;
}

/** The seed files, parsed and validated; every file is optional. */
interface SeedFiles {
  contentTypes: SeedContentType[];
  entries: Map<string, SeedEntry[]>;
  assets: z.output<typeof assetsFileSchema>;
  taxonomies: z.output<typeof taxonomiesFileSchema>;
  version: string;
}

function readSeedFiles(dir: URL, generated: GeneratedEntries | undefined): SeedFiles {
  const hash = createHash('sha256').update(`format ${SEED_FORMAT}\n${generated?.version ?? ''}\n`);
  const problems: string[] = [];
  const read = <T>(name: string, schema: z.ZodType<T>): T | undefined => {
    const url = new URL(name, dir);
    if (!existsSync(url)) return undefined;
    const text = readFileSync(url, 'utf8');
    hash.update(`${name}\n${text}\n`);
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (error) {
      problems.push(`${name}: not valid JSON (${(error as Error).message})`);
      return undefined;
    }
    return parseWith(schema, data, name, problems);
  };

  const contentTypes = read('content-types.json', contentTypesFileSchema) ?? [];
  const entries = new Map<string, SeedEntry[]>();
  const entriesDir = new URL('entries/', dir);
  const inputFiles = new Set(generated?.inputFiles ?? []);
  const entryFiles = existsSync(entriesDir) ? readdirSync(entriesDir).filter((name) => name.endsWith('.json')) : [];
  for (const name of entryFiles.sort()) {
    if (inputFiles.has(name)) continue;
    const contentTypeUid = name.slice(0, -'.json'.length);
    if (!CONTENT_TYPE_UID.test(contentTypeUid)) {
      problems.push(`entries/${name}: the file name must be a content type uid`);
      continue;
    }
    entries.set(contentTypeUid, read(`entries/${name}`, entriesFileSchema) ?? []);
  }
  const assets = read('assets.json', assetsFileSchema) ?? [];
  const taxonomies = read('taxonomies.json', taxonomiesFileSchema) ?? [];
  if (problems.length > 0) throw new ContentSeedError(problems);
  return { contentTypes, entries, assets, taxonomies, version: hash.digest('hex').slice(0, 12) };
}

/** Every `{ uid, _content_type_uid }` reference anywhere in a document. */
function referencesIn(value: unknown, found: Array<{ uid: string; _content_type_uid: string }> = []) {
  if (Array.isArray(value)) for (const item of value) referencesIn(item, found);
  else if (isRecord(value)) {
    const keys = Object.keys(value);
    if (keys.length === 2 && typeof value.uid === 'string' && typeof value._content_type_uid === 'string') {
      found.push({ uid: value.uid, _content_type_uid: value._content_type_uid });
    } else for (const child of Object.values(value)) referencesIn(child, found);
  }
  return found;
}

/**
 * Checks what no single file can: each entry's content type is declared, uids are unique,
 * singletons have one entry, mandatory fields are filled, and every reference names an
 * existing entry of its type. Then turns each en-us entry and translation into a stored row.
 */
function buildSnapshot(
  files: SeedFiles,
  entries: Map<string, { source: string; entries: SeedEntry[] }>,
): ContentSnapshot {
  const problems: string[] = [];
  const types = new Map(files.contentTypes.map((type) => [type.uid, type]));
  const uidsByType = new Map<string, Set<string>>();
  for (const [contentTypeUid, { source, entries: list }] of entries) {
    const type = types.get(contentTypeUid);
    if (!type) {
      problems.push(`${source}: content type '${contentTypeUid}' is not in content-types.json`);
      continue;
    }
    if (type.options.singleton && list.length > 1) {
      problems.push(`${source}: '${contentTypeUid}' is a singleton but has ${list.length} entries`);
    }
    const uids = new Set<string>();
    for (const entry of list) {
      if (uids.has(entry.uid)) problems.push(`${source}: '${entry.uid}' appears more than once`);
      uids.add(entry.uid);
      for (const field of type.schema) {
        if (field.mandatory && (entry[field.uid] === undefined || entry[field.uid] === null)) {
          problems.push(`${source}: '${entry.uid}' lacks the mandatory field ${field.uid}`);
        }
      }
    }
    uidsByType.set(contentTypeUid, uids);
  }

  const rows: EntryInput[] = [];
  for (const [contentTypeUid, { source, entries: list }] of entries) {
    for (const entry of list) {
      const { uid, translations = {}, ...fields } = entry;
      // Seed files name translations by a shop locale (de-de); the content service keeps them
      // under the content locale of its language (spec §9 'Languages': de), shared by de-at.
      const documents: Array<[string, Record<string, unknown>]> = [
        [DEFAULT_LOCALE, fields],
        ...Object.entries(translations).map(([locale, translated]): [string, Record<string, unknown>] => [
          contentLocaleFor(parseLocale(locale)?.language) ?? locale,
          { ...fields, ...translated },
        ]),
      ];
      const locales = documents.map(([locale]) => locale);
      if (new Set(locales).size !== locales.length) {
        problems.push(`${source}: '${uid}' has two translations for one language (${locales.join(', ')})`);
      }
      for (const [locale, document] of documents) {
        for (const reference of referencesIn(document)) {
          if (!uidsByType.get(reference._content_type_uid)?.has(reference.uid)) {
            problems.push(
              `${source}: '${uid}' (${locale}) refers to ${reference._content_type_uid} '${reference.uid}', which does not exist`,
            );
          }
        }
        rows.push({ contentTypeUid, uid, locale, document });
      }
    }
  }
  if (problems.length > 0) throw new ContentSeedError(problems);

  return {
    contentTypes: files.contentTypes.map(({ uid, title, description, options, schema }) => ({
      uid,
      title,
      description,
      options,
      schema,
    })),
    entries: rows,
    assets: files.assets.map(({ uid, ...document }) => ({ uid, document })),
    taxonomies: files.taxonomies,
  };
}

/**
 * The demo content (docs/content.md 'Seed files') plus the caller's generated entries, published
 * once into an empty content store: after that the entries are the editors'. The version hashes
 * every seed file and the generated entries' version.
 */
export function createContentSeed(options: ContentSeedOptions = {}): SeedStep {
  const { generated } = options;
  const files = readSeedFiles(options.dir ?? CONTENT_SEED_DIR, generated);
  return {
    name: 'demo-content',
    version: files.version,
    tables: [
      contentTables.contentTypes,
      contentTables.contentEntries,
      contentTables.contentAssets,
      contentTables.contentTaxonomies,
    ],
    run: async (tx) => {
      const entries = new Map(
        [...files.entries].map(([type, list]) => [type, { source: `entries/${type}.json`, entries: list }]),
      );
      const problems: string[] = [];
      for (const [type, list] of Object.entries(generated ? await generated.build(tx) : {})) {
        const source = `generated ${type} entries`;
        const parsed = parseWith(entriesFileSchema, list, source, problems) ?? [];
        const fromFile = entries.get(type);
        entries.set(type, {
          source: fromFile ? `${fromFile.source} and ${source}` : source,
          entries: [...(fromFile?.entries ?? []), ...parsed],
        });
      }
      if (problems.length > 0) throw new ContentSeedError(problems);
      await publishContent(tx, buildSnapshot(files, entries));
    },
  };
}
