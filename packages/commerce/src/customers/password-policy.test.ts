import { describe, expect, it } from 'vitest';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, passwordProblem } from './password-policy';
import { customerCreateSchema, customerUpdateSchema, newPasswordSchema } from './customer-schemas';

describe('passwordProblem (docs/security.md "Passwords")', () => {
  it('accepts a long, uncommon password', () => {
    expect(passwordProblem('correct horse battery staple')).toBeNull();
    expect(passwordProblem('piste-demo-shopper', 'shopper@piste.test')).toBeNull();
  });

  it(`refuses fewer than ${MIN_PASSWORD_LENGTH} characters, counting characters rather than UTF-16 units`, () => {
    expect(passwordProblem('Zq8!mP2#x')).toBe('must be at least 10 characters');
    expect(passwordProblem('Zq8!mP2#xw')).toBeNull();
    // Nine emoji are eighteen UTF-16 units but nine characters.
    expect(passwordProblem('🎿'.repeat(9))).toBe('must be at least 10 characters');
    expect(passwordProblem('🎿'.repeat(10))).toBeNull();
    expect(passwordProblem('')).toBe('must be at least 10 characters');
  });

  it(`refuses more than ${MAX_PASSWORD_LENGTH} characters`, () => {
    expect(passwordProblem('a1!Zq8mP2x'.repeat(12) + 'abcdefgh')).toBeNull();
    expect(passwordProblem('a1!Zq8mP2x'.repeat(12) + 'abcdefghi')).toBe('must be at most 128 characters');
  });

  it.each(['password123', 'PASSWORD123', 'Password123', 'qwertyuiop', '1234567890', 'basketball'])(
    'refuses the breached common password %s, whatever its case',
    (password) => {
      expect(passwordProblem(password)).toBe('is too common: it appears in lists of breached passwords');
    },
  );

  it('refuses the account’s own email address, whatever its case or spaces', () => {
    expect(passwordProblem('Tessa.Calloway@example.com', ' tessa.calloway@EXAMPLE.com ')).toBe(
      'must not be your email address',
    );
    expect(passwordProblem('tessa.calloway@example.com')).toBeNull();
  });
});

describe('the password fields of the customer schemas', () => {
  const account = { email: 'new.shopper@example.com', first_name: 'New', last_name: 'Shopper' };

  it('names `password` when a new account’s password is refused', () => {
    for (const password of ['short', 'password123', 'New.Shopper@example.com']) {
      const result = customerCreateSchema.safeParse({ ...account, password });
      expect(result.success).toBe(false);
      expect(result.error!.issues[0]!.path).toEqual(['password']);
    }
    expect(customerCreateSchema.safeParse({ ...account, password: 'a long passphrase' }).success).toBe(true);
  });

  it('applies the policy to a new password, but needs the current one to change it', () => {
    expect(newPasswordSchema.safeParse('password123').success).toBe(false);
    const withoutCurrent = customerUpdateSchema.safeParse({ new_password: 'a long passphrase' });
    expect(withoutCurrent.error!.issues[0]!.path).toEqual(['current_password']);
    const emailWithoutCurrent = customerUpdateSchema.safeParse({ email: 'other@example.com' });
    expect(emailWithoutCurrent.error!.issues[0]!.path).toEqual(['current_password']);
    expect(customerUpdateSchema.safeParse({ new_password: 'a long passphrase', current_password: 'x' }).success).toBe(
      true,
    );
    // A current password is checked, not judged: an old, weak one still proves who is asking.
    expect(customerUpdateSchema.safeParse({ first_name: 'Sam', current_password: 'short' }).success).toBe(true);
  });
});
