import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with the library's defaults (m=19 MiB, t=2, p=1: OWASP's recommended minimum).
 * The PHC string carries its parameters, so raising them later still verifies old hashes.
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

let decoy: Promise<string> | null = null;
/**
 * Spends the same time as a real check when no account has the email, so response times do
 * not reveal which emails have accounts.
 */
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoy ??= hashPassword('decoy password that no account has');
  await verifyPassword(await decoy, password);
  return false;
}
