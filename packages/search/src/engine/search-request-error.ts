/** A request the engine cannot run; the HTTP layer answers 400 with App Search's `{ errors }` body. */
export class SearchRequestError extends Error {
  readonly errors: string[];

  constructor(errors: readonly string[]) {
    super(errors.join('; '));
    this.name = 'SearchRequestError';
    this.errors = [...errors];
  }
}
