/** The body of a delivery API error (docs/content.md 'Delivery API': `{ error_message, error_code, errors }`). */
interface ErrorBody {
  error_message?: unknown;
  error_code?: unknown;
  errors?: unknown;
}

/**
 * Spec §8: "Content service non-200 → Object with error_message, error_code, errors, status,
 * statusText". An Error as well, so stack traces and `instanceof` work for callers that log it.
 */
export class ContentServiceError extends Error {
  override readonly name = 'ContentServiceError';
  readonly error_message: string;
  /** The delivery API's code (141: entry does not exist, 118: unknown content type), null without one. */
  readonly error_code: number | null;
  readonly errors: Record<string, unknown>;
  readonly status: number;
  readonly statusText: string;

  constructor(status: number, statusText: string, body: unknown) {
    // A body that is not the JSON error shape (a proxy's HTML page, an empty 502) still yields a message.
    const { error_message, error_code, errors } = (typeof body === 'object' && body !== null ? body : {}) as ErrorBody;
    const message = typeof error_message === 'string' && error_message !== '' ? error_message : statusText;
    super(message);
    this.error_message = message;
    this.error_code = typeof error_code === 'number' ? error_code : null;
    this.errors = typeof errors === 'object' && errors !== null ? (errors as Record<string, unknown>) : {};
    this.status = status;
    this.statusText = statusText;
  }
}
