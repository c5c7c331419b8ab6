import { HttpError, createHttpClient } from '@piste/core';
import type { SearchDocument } from '../search-document';

/**
 * Writes our search documents into a hosted App Search engine through its documents API
 * (Elastic's App Search API reference, documents.html 'Create or Update Documents'):
 * `POST {endpoint}/engines/{engine}/documents` with a private API key, an array of at most 100
 * documents per request; the answer holds one `{ id, errors }` per document, and a document is
 * indexed when its `errors` is empty. Used by `npm run search:index-hosted`
 * (docs/providers/app-search.md).
 */

/** documents.html: "There is a 100 document per request limit". */
export const APP_SEARCH_DOCUMENTS_PER_REQUEST = 100;

export interface HostedDocumentsOptions {
  /** The App Search API root ending in /api/as/v1 (SEARCH_ENDPOINT). */
  endpoint: string;
  engineName: string;
  /** A private API key (SEARCH_PRIVATE_KEY): it can write, so it never leaves the server. */
  privateKey: string;
  /** Documents per request, 1 to 100. */
  batchSize?: number;
  /** Give up on a request that has not answered by then. */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Told after each batch is answered. */
  onProgress?: (progress: HostedIndexProgress) => void;
}

export interface HostedIndexProgress {
  batch: number;
  batches: number;
  sent: number;
  total: number;
  rejected: number;
}

/** A document the engine refused, with its reasons as App Search gave them. */
export interface DocumentRejection {
  id: string;
  errors: string[];
}

export interface HostedIndexReport {
  total: number;
  accepted: number;
  rejected: DocumentRejection[];
}

/** A batch the engine refused as a whole (a 4xx or 5xx, no answer, or an answer of another shape). */
export class HostedIndexError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly batch: number,
    /** What had been answered before this batch. */
    readonly report: HostedIndexReport,
  ) {
    super(message);
    this.name = 'HostedIndexError';
  }
}

const DEFAULT_TIMEOUT_MS = 30_000;

/** The documents split in requests of at most `size`. */
export function documentBatches<T>(documents: readonly T[], size = APP_SEARCH_DOCUMENTS_PER_REQUEST): T[][] {
  if (!Number.isInteger(size) || size < 1 || size > APP_SEARCH_DOCUMENTS_PER_REQUEST) {
    throw new RangeError(`batch size must be from 1 to ${APP_SEARCH_DOCUMENTS_PER_REQUEST}`);
  }
  const batches: T[][] = [];
  for (let start = 0; start < documents.length; start += size) batches.push(documents.slice(start, start + size));
  return batches;
}

/** The documents API's URL for an engine. */
export function documentsUrl(endpoint: string, engineName: string): string {
  return `${endpoint.replace(/\/+$/, '')}/engines/${encodeURIComponent(engineName)}/documents`;
}

function isDocumentAnswer(value: unknown): value is { id: unknown; errors: unknown[] } {
  return (
    typeof value === 'object' &&
    value !== null &&
    'errors' in value &&
    Array.isArray((value as { errors: unknown }).errors)
  );
}

/** The messages of an error answer: App Search's `{ errors: [...] }`, or `{ error }`. */
function errorMessages(error: HttpError): string {
  const body = error.response?.data as { errors?: unknown; error?: unknown } | undefined;
  if (Array.isArray(body?.errors) && body.errors.length > 0) return body.errors.map(String).join(', ');
  if (typeof body?.error === 'string') return body.error;
  return error.response?.statusText || error.message;
}

/**
 * Sends every document, batch after batch, and reports the ones refused. A batch refused as
 * a whole stops the run with a HostedIndexError: the next would meet the same key or engine.
 * Writes are not retried (the generic client's rule for a POST); running it again is safe, as
 * App Search updates a document whose id it already has.
 */
export async function indexIntoHostedEngine(
  documents: readonly SearchDocument[],
  options: HostedDocumentsOptions,
): Promise<HostedIndexReport> {
  const url = documentsUrl(options.endpoint, options.engineName);
  const http = createHttpClient({
    baseUrl: url,
    fetch: options.fetch,
    headers: { authorization: `Bearer ${options.privateKey}` },
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  });
  const batches = documentBatches(documents, options.batchSize);
  const report: HostedIndexReport = { total: documents.length, accepted: 0, rejected: [] };
  let sent = 0;
  for (const [index, batch] of batches.entries()) {
    const number = index + 1;
    const refuse = (message: string, status: number) =>
      new HostedIndexError(`Batch ${number} of ${batches.length} (${url}): ${message}`, status, number, {
        ...report,
        rejected: [...report.rejected],
      });
    let answer;
    try {
      answer = await http.request<unknown>('', { method: 'POST', json: batch });
    } catch (error) {
      if (error instanceof HttpError && error.kind === 'status') {
        throw refuse(`[${error.status}] ${errorMessages(error)}`, error.status);
      }
      throw refuse(`[0] ${error instanceof Error ? error.message : String(error)}`, 0);
    }
    const results = answer.data;
    if (!Array.isArray(results) || results.length !== batch.length || !results.every(isDocumentAnswer)) {
      throw refuse(
        `unexpected answer, not one { id, errors } per document: ${answer.text.slice(0, 200)}`,
        answer.status,
      );
    }
    results.forEach((result, position) => {
      if (result.errors.length === 0) report.accepted += 1;
      else {
        const id = typeof result.id === 'string' && result.id !== '' ? result.id : batch[position]!.id;
        report.rejected.push({ id, errors: result.errors.map(String) });
      }
    });
    sent += batch.length;
    options.onProgress?.({
      batch: number,
      batches: batches.length,
      sent,
      total: documents.length,
      rejected: report.rejected.length,
    });
  }
  return report;
}
