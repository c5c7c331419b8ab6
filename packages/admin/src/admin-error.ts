import { DomainError } from '@piste/core';

/**
 * A refused input, with a message per field (the admin app shows each at its field). Field
 * names are the request body's paths, dotted: `variants.2.price`.
 */
export class FieldErrors extends DomainError {
  constructor(
    readonly fields: Record<string, string>,
    message = 'Some fields need correcting.',
  ) {
    super('INVALID_DATA', message, 'INVALID_DATA');
  }
}

/**
 * A stale save: someone else changed the record since the editor loaded it (its version moved
 * on). Nothing was written; `current` is the record as it is now, shown to the editor.
 */
export class VersionConflict extends DomainError {
  constructor(
    readonly current: unknown,
    what = 'This record',
  ) {
    super(
      'CONFLICT',
      `${what} was changed by someone else since you opened it. Review their change, then save again.`,
      'VERSION_CONFLICT',
    );
  }
}
