/** The kinds a domain error can have; domains throw kinds, never HTTP statuses. */
export type DomainErrorKind =
  | 'INVALID_DATA'
  | 'UNAUTHORIZED'
  | 'NOT_ALLOWED'
  | 'NOT_FOUND'
  | 'CONFLICT'
  /** Well-formed, but the rules refuse it for this case (a coupon code that is expired, below its minimum…). */
  | 'UNPROCESSABLE'
  | 'RATE_LIMITED'
  /** A service the shop depends on (a hosted commerce platform) failed or answered nonsense: try again later. */
  | 'UNAVAILABLE';

/** The HTTP status of each kind: the one map the API and the storefront's forms answer with. */
export const HTTP_STATUS_BY_KIND: Readonly<Record<DomainErrorKind, number>> = {
  INVALID_DATA: 400,
  UNAUTHORIZED: 401,
  NOT_ALLOWED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
};

/** The one error type domains throw (commerce, content, search…), with a kind and a client-safe message. */
export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    /** Machine-readable code for clients; defaults to the kind. */
    readonly code: string = kind,
    /** The amounts or names the message quotes, so a storefront can word it in the shopper's language. */
    readonly values?: Record<string, string | number>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/**
 * Whether an error is a DomainError of the given kind. NOTE: checks by name, not instanceof:
 * the storefront's server build bundles its own copy of this module, so an error thrown by a
 * service the server loaded is not an instance of the bundle's class.
 */
export function isDomainError(error: unknown, kind?: DomainErrorKind): error is DomainError {
  if (!(error instanceof Error) || error.name !== 'DomainError') return false;
  return kind === undefined || (error as DomainError).kind === kind;
}
