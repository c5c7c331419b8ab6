import { DomainError } from '@piste/core';

/** The customer services' refusals, worded once for both providers: the API and pages rely on their words and codes. */

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

/** A new password the policy refuses (password-policy.ts). */
export const newPasswordRefused = (problem: string) =>
  new DomainError('INVALID_DATA', `Field \`new_password\` ${problem}.`, 'INVALID_PARAMETER');
