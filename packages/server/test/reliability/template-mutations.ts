import fc from 'fast-check';
import { hostileString, POLLUTION_KEYS } from './fuzz-values';

/**
 * Mutations of a valid request body or query (the fuzzer's templates): a few of its values
 * replaced, deleted, or joined by hostile keys, nested ones included. A nearly valid request
 * gets past the first check of a route, which a random one rarely does.
 */

type Template = Record<string, unknown>;

/** Sets a key as data, even `__proto__`, which a plain assignment would take as the prototype. */
function withKey(target: Template, key: string, value: unknown): Template {
  const copy: Template = { ...target };
  Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

/** The paths of every value in a template, nested objects and arrays included. */
function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return [prefix, ...value.flatMap((item, index) => pathsOf(item, [...prefix, index]))];
  if (value && typeof value === 'object') {
    return [prefix, ...Object.entries(value).flatMap(([key, item]) => pathsOf(item, [...prefix, key]))];
  }
  return [prefix];
}

function replaceAt(value: unknown, path: (string | number)[], replacement: (old: unknown) => unknown): unknown {
  if (path.length === 0) return replacement(value);
  const [head, ...rest] = path;
  if (Array.isArray(value))
    return value.map((item, index) => (index === head ? replaceAt(item, rest, replacement) : item));
  if (value && typeof value === 'object') {
    return withKey(value as Template, String(head), replaceAt((value as Template)[String(head)], rest, replacement));
  }
  return value;
}

type Mutation = { kind: 'set'; value: unknown } | { kind: 'delete' } | { kind: 'add'; key: string; value: unknown };

const mutation = (values: fc.Arbitrary<unknown>): fc.Arbitrary<Mutation> =>
  fc.oneof(
    { weight: 5, arbitrary: values.map((value) => ({ kind: 'set' as const, value })) },
    { weight: 2, arbitrary: fc.constant({ kind: 'delete' as const }) },
    {
      weight: 2,
      arbitrary: fc
        .record({ key: fc.oneof(fc.constantFrom(...POLLUTION_KEYS), hostileString()), value: values })
        .map(({ key, value }) => ({ kind: 'add' as const, key, value })),
    },
  );

function applyMutation(template: unknown, path: (string | number)[], change: Mutation): unknown {
  if (change.kind === 'set') return replaceAt(template, path, () => change.value);
  if (change.kind === 'add') {
    return replaceAt(template, path, (old) =>
      old && typeof old === 'object' && !Array.isArray(old) ? withKey(old as Template, change.key, change.value) : old,
    );
  }
  if (path.length === 0) return undefined;
  const parentPath = path.slice(0, -1);
  const key = path[path.length - 1]!;
  return replaceAt(template, parentPath, (parent) => {
    if (Array.isArray(parent)) return parent.filter((_item, index) => index !== key);
    if (!parent || typeof parent !== 'object') return parent;
    return Object.fromEntries(Object.entries(parent).filter(([name]) => name !== key));
  });
}

/** A template with one to three of its values replaced, deleted or joined by a hostile key. */
export function mutated(template: unknown, values: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const paths = pathsOf(template);
  return fc
    .array(fc.tuple(fc.constantFrom(...paths), mutation(values)), { minLength: 1, maxLength: 3 })
    .map((changes) => changes.reduce((body, [path, change]) => applyMutation(body, path, change), template));
}
