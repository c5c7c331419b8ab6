import { DomainError } from '@piste/core';

/** The refusals the embedded customer service gives (customer-records.ts), word for word: the API and pages rely on them. */

export const wrongCredentials = () =>
  new DomainError('UNAUTHORIZED', 'The email or password is incorrect.', 'INVALID_CREDENTIALS');

export const wrongCurrentPassword = () =>
  new DomainError('UNAUTHORIZED', 'The current password is incorrect.', 'INVALID_PASSWORD');

export const customerNotFound = (id: number) => new DomainError('NOT_FOUND', `Customer ${id} does not exist.`);

export const addressNotFound = (id: number) => new DomainError('NOT_FOUND', `Address ${id} does not exist.`);

export const invalidProCode = () =>
  new DomainError(
    'INVALID_DATA',
    'This pro code is not valid. Check it, or ask your Piste contact.',
    'INVALID_PRO_CODE',
  );

export const emailTaken = () =>
  new DomainError(
    'CONFLICT',
    'An account already exists for this email. Sign in, or reset your password.',
    'EMAIL_TAKEN',
  );

export const resetTokenInvalid = () =>
  new DomainError(
    'INVALID_DATA',
    'This reset link has expired or was already used. Ask for a new one.',
    'RESET_TOKEN_INVALID',
  );

/** A new password the policy refuses (password-policy.ts), as the embedded service words it. */
export const newPasswordRefused = (problem: string) =>
  new DomainError('INVALID_DATA', `Field \`new_password\` ${problem}.`, 'INVALID_PARAMETER');
