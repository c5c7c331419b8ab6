/** The kinds a domain error can have; the HTTP layer alone decides their status codes. */
export type DomainErrorKind =
  'INVALID_DATA' | 'UNAUTHORIZED' | 'NOT_ALLOWED' | 'NOT_FOUND' | 'CONFLICT' | 'RATE_LIMITED';

/** The one error type domains throw (commerce, content, search…), with a kind and a client-safe message. */
export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    /** Machine-readable code for clients; defaults to the kind. */
    readonly code: string = kind,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}
