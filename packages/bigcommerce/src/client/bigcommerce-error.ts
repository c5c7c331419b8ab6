import { DomainError, type DomainErrorKind } from '@piste/core';

/**
 * BigCommerce's error bodies: v3 answers `{ status, title, type, errors }`, v2 answers
 * `[{ status, message }]` (developer.bigcommerce.com/docs/start/about/status-codes).
 */
export interface BigCommerceErrorBody {
  status?: number;
  title?: string;
  type?: string;
  errors?: Record<string, string>;
}

/** The kind a BigCommerce status maps to; anything the shopper cannot fix is the platform being unavailable. */
function kindOf(status: number): DomainErrorKind {
  if (status === 404) return 'NOT_FOUND';
  if (status === 400 || status === 422) return 'INVALID_DATA';
  if (status === 409) return 'CONFLICT';
  return 'UNAVAILABLE';
}

/** What to tell a shopper when BigCommerce cannot answer: never its own words or a stack trace. */
export const BIGCOMMERCE_UNAVAILABLE_MESSAGE = 'The shop is briefly unavailable. Please try again in a moment.';

/**
 * A failed BigCommerce call: a DomainError (so `/api` and pages answer it by kind: 404, 400,
 * 409, else 503) that keeps BigCommerce's status and body for the provider to read.
 */
export class BigCommerceError extends DomainError {
  constructor(
    /** `GET /v3/catalog/products/7`: what was asked, for the log. */
    readonly call: string,
    /** BigCommerce's status; 0 when there was no answer (network, timeout). */
    readonly status: number,
    readonly body: BigCommerceErrorBody | undefined,
    message: string,
    code = status === 0 ? 'BIGCOMMERCE_UNREACHABLE' : `BIGCOMMERCE_${status}`,
    kind: DomainErrorKind = kindOf(status),
  ) {
    super(kind, message, code);
  }

  /** BigCommerce's own words (title, then field errors), for the log and for 4xx messages worth passing on. */
  get detail(): string {
    const fields = Object.entries(this.body?.errors ?? {}).map(([field, problem]) => `${field}: ${problem}`);
    return [this.body?.title, ...fields].filter(Boolean).join('; ');
  }
}

/** BigCommerce answered 2xx with a body we cannot read: logged with the call, answered as unavailable (spec §8). */
export class BigCommerceShapeError extends DomainError {
  constructor(
    readonly call: string,
    readonly problems: string[],
  ) {
    super('UNAVAILABLE', BIGCOMMERCE_UNAVAILABLE_MESSAGE, 'BIGCOMMERCE_UNEXPECTED_ANSWER');
  }
}
