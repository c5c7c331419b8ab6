import { isRecord } from './entry-query';

/**
 * What a request asks entries to look like: `only[BASE][]` / `except[BASE][]` projections and
 * `include[]` reference paths. Projections keyed by a reference path (`only[main_nav][]=title`)
 * shape the entries included at that path. Entries are never mutated: the store's cached
 * entries are frozen and shared, so each change copies the objects on its way.
 */
export interface EntryShape {
  include?: readonly string[];
  only?: Readonly<Record<string, readonly string[]>>;
  except?: Readonly<Record<string, readonly string[]>>;
}

/** Looks up a referenced entry (same locale, en-us fallback); undefined leaves the reference out. */
export type ReferenceLookup = (contentTypeUid: string, uid: string) => Promise<Record<string, unknown> | undefined>;

/** Thrown when one request would include more referenced entries than MAX_INCLUDED_REFERENCES. */
export class ReferenceLimitExceeded extends Error {
  override name = 'ReferenceLimitExceeded';
}

export const MAX_INCLUDED_REFERENCES = 10_000;

type PathTree = Map<string, PathTree>;

function pathTree(paths: readonly string[]): PathTree {
  const root: PathTree = new Map();
  for (const path of paths) {
    let node = root;
    for (const key of path.split('.')) {
      let child = node.get(key);
      if (!child) node.set(key, (child = new Map()));
      node = child;
    }
  }
  return root;
}

/** Keeps only the paths of `tree` (a leaf keeps the whole value); arrays are shaped element by element. */
function pick(value: unknown, tree: PathTree): unknown {
  if (Array.isArray(value)) return value.map((item) => pick(item, tree)).filter((item) => item !== undefined);
  if (!isRecord(value)) return undefined;
  const picked: Record<string, unknown> = {};
  for (const [key, child] of tree) {
    if (!Object.hasOwn(value, key)) continue;
    const kept = child.size === 0 ? value[key] : pick(value[key], child);
    if (kept !== undefined) picked[key] = kept;
  }
  return picked;
}

/** Removes the leaf paths of `tree`. */
function omit(value: unknown, tree: PathTree): unknown {
  if (Array.isArray(value)) return value.map((item) => omit(item, tree));
  if (!isRecord(value)) return value;
  const kept: Record<string, unknown> = { ...value };
  for (const [key, child] of tree) {
    if (!Object.hasOwn(kept, key)) continue;
    if (child.size === 0) delete kept[key];
    else kept[key] = omit(kept[key], child);
  }
  return kept;
}

/** Applies `only` then `except` for one projection key; `uid` always stays, as in Contentstack. */
export function project(
  entry: Record<string, unknown>,
  only: readonly string[] | undefined,
  except: readonly string[] | undefined,
): Record<string, unknown> {
  let shaped = entry;
  if (only && only.length > 0)
    shaped = { ...(pick(shaped, pathTree(only)) as Record<string, unknown>), uid: entry.uid };
  if (except && except.length > 0)
    shaped = { ...(omit(shaped, pathTree(except)) as Record<string, unknown>), uid: entry.uid };
  return shaped;
}

/** `[{ uid, _content_type_uid }]` items, as stored before `include[]` resolves them. */
function isReference(value: unknown): value is { uid: string; _content_type_uid: string } {
  return (
    isRecord(value) &&
    typeof value.uid === 'string' &&
    typeof value._content_type_uid === 'string' &&
    Object.keys(value).length === 2
  );
}

/**
 * Projects an entry and replaces the references on its `include` paths by the referenced
 * entries (each with `_content_type_uid`, as Contentstack marks them). A path walks through
 * groups, arrays and modular blocks, and through references it passes on the way
 * (`main_nav.link.banner` includes `main_nav` too). `budget.remaining` counts down the
 * references one request may include.
 */
export async function shapeEntry(
  entry: Record<string, unknown>,
  shape: EntryShape,
  lookup: ReferenceLookup,
  budget: { remaining: number },
): Promise<Record<string, unknown>> {
  const base = project(entry, shape.only?.BASE, shape.except?.BASE);
  if (!shape.include || shape.include.length === 0) return base;

  const resolveIn = async (value: unknown, tree: PathTree, prefix: string): Promise<unknown> => {
    if (Array.isArray(value)) return Promise.all(value.map((item) => resolveIn(item, tree, prefix)));
    if (!isRecord(value)) return value;
    let copy: Record<string, unknown> | undefined;
    for (const [key, child] of tree) {
      if (!Object.hasOwn(value, key)) continue;
      const path = prefix ? `${prefix}.${key}` : key;
      (copy ??= { ...value })[key] = await resolveField(value[key], child, path);
    }
    return copy ?? value;
  };

  const resolveField = async (value: unknown, tree: PathTree, path: string): Promise<unknown> => {
    if (!Array.isArray(value) || !value.some(isReference)) return resolveIn(value, tree, path);
    const resolved: unknown[] = [];
    for (const item of value) {
      if (!isReference(item)) {
        resolved.push(await resolveIn(item, tree, path));
        continue;
      }
      const target = await lookup(item._content_type_uid, item.uid);
      if (!target) continue;
      if (--budget.remaining < 0) throw new ReferenceLimitExceeded();
      const included = {
        ...project(target, shape.only?.[path], shape.except?.[path]),
        _content_type_uid: item._content_type_uid,
      };
      resolved.push(await resolveIn(included, tree, path));
    }
    return resolved;
  };

  return (await resolveIn(base, pathTree(shape.include), '')) as Record<string, unknown>;
}
