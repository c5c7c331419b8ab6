import type { LightMyRequestResponse } from 'fastify';

/**
 * Which error body a 4xx must carry: `/api`'s `{ error: { code, message } }` (docs/api.md),
 * the embedded content and search services' own shapes, GraphQL's `errors`, or a page.
 */
export type ErrorShape = 'api' | 'admin' | 'content' | 'search' | 'graphql' | 'page';

export function errorShapeOf(url: string): ErrorShape {
  // Dot segments resolve before routing (`/api/../x` is `/x`), as they do for every request `inject` sends.
  const path = new URL(url, 'http://localhost').pathname;
  if (path.startsWith('/api/content/') || path.startsWith('/api/interstack/')) return 'content';
  if (path.startsWith('/api/search/api/as/v1/engines/')) return 'search';
  if (path.startsWith('/api')) return 'api';
  if (path.startsWith('/admin/api')) return 'admin';
  if (path.startsWith('/graphql')) return 'graphql';
  return 'page';
}

/** What must never reach a client: stack frames, file paths, driver and runtime error texts. */
const LEAKS: [string, RegExp][] = [
  ['a stack frame', /\bat (?:async )?[\w$.<>[\] ]*\(?(?:file:\/\/|\/|node:)[^\s)]*:\d+:\d+/],
  ['a server path', /\/work\/main|node_modules\/|\/packages\/(?:server|commerce|db|core)\/src/],
  [
    'a database error',
    /syntax error at or near|relation "[^"]+" does not exist|violates (?:foreign key|not-null|unique|check) constraint|duplicate key value|invalid input syntax for|out of range for type|Failed query:|PGlite|ECONNREFUSED/i,
  ],
  [
    'a runtime error',
    /Cannot read propert|is not a function|(?:Type|Reference|Range)Error:|Maximum call stack|Unexpected token .* in JSON|Unexpected end of JSON|ZodError|"issues":\s*\[/,
  ],
];

export function leaksIn(body: string): string[] {
  return LEAKS.filter(([, pattern]) => pattern.test(body)).map(([what]) => `the body shows ${what}`);
}

function parsed(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function isStandardApiError(json: Record<string, unknown>, extras: readonly string[] = []): boolean {
  const error = json.error;
  return (
    Object.keys(json).length === 1 &&
    isRecord(error) &&
    Object.keys(error).every((key) => key === 'code' || key === 'message' || extras.includes(key)) &&
    typeof error.code === 'string' &&
    /^[A-Z][A-Z0-9_]*$/.test(error.code) &&
    typeof error.message === 'string' &&
    error.message.length > 0
  );
}

/**
 * Refusals of the router (errors.ts `handleRouterError`): they come before any route, so
 * before the content and search services' own shapes apply, and carry the standard body.
 */
const ROUTER_ERROR_CODES = new Set(['INVALID_URL']);

/** Why a 4xx body is not the standard one of its shape, or null when it is. */
function errorBodyProblem(shape: ErrorShape, body: string): string | null {
  if (shape === 'page') return null;
  const json = parsed(body);
  if (!isRecord(json)) return 'the 4xx body is not a JSON object';
  if (shape === 'api') return isStandardApiError(json) ? null : 'the 4xx body is not { error: { code, message } }';
  // The back office's refusals may add a message per field, or the record a stale save lost to.
  if (shape === 'admin') {
    const standard =
      isStandardApiError(json, ['fields', 'current']) &&
      (!('fields' in (json.error as object)) || isRecord((json.error as { fields: unknown }).fields));
    return standard ? null : 'the 4xx body is not { error: { code, message, fields?, current? } }';
  }
  if (isStandardApiError(json) && ROUTER_ERROR_CODES.has((json.error as { code: string }).code)) return null;
  if (shape === 'content') {
    const standard =
      typeof json.error_message === 'string' && typeof json.error_code === 'number' && isRecord(json.errors);
    return standard ? null : 'the 4xx body is not { error_message, error_code, errors }';
  }
  if (shape === 'search') {
    const standard = Array.isArray(json.errors) && json.errors.every((message) => typeof message === 'string');
    return standard ? null : 'the 4xx body is not { errors: [...] }';
  }
  const errors = json.errors;
  const standard =
    Array.isArray(errors) &&
    errors.length > 0 &&
    errors.every((error) => isRecord(error) && typeof error.message === 'string');
  return standard ? null : 'the 4xx body is not { errors: [{ message }] }';
}

/**
 * Everything wrong with one answer: a 5xx, a leak of internals, or a 4xx without its standard
 * body. Empty when the answer is one a client may get.
 */
export function responseProblems(response: LightMyRequestResponse, shape: ErrorShape): string[] {
  const problems: string[] = [];
  if (response.statusCode >= 500) problems.push(`answered ${response.statusCode}`);
  // GraphQL answers an unexpected failure with 200 and this code (docs/api.md): a 500 in disguise.
  if (shape === 'graphql' && response.body.includes('"code":"INTERNAL"')) problems.push('answered code INTERNAL');
  problems.push(...leaksIn(response.body));
  if (response.statusCode >= 400 && response.statusCode < 500) {
    const problem = errorBodyProblem(shape, response.body);
    if (problem) problems.push(problem);
  }
  return problems;
}

/** Object.prototype as it is now: a request that adds to it has polluted every object in the process. */
export function prototypeFingerprint(): string {
  return Object.getOwnPropertyNames(Object.prototype).sort().join(',');
}
