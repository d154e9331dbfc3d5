// Password hashing: argon2id (m=19456 KiB, t=2, p=1, the OWASP baseline) instead of better-auth's scrypt.
// Used by better-auth, the demo seed, create-superadmin and tests, so every hash has one format.
import { hash, verify, type Options } from '@node-rs/argon2';

const ARGON2ID = 2; // Algorithm.Argon2id (a const enum, not importable under isolatedModules)
const ARGON2_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} satisfies Options;

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2_OPTIONS);

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password, ARGON2_OPTIONS);
  } catch {
    // Not an argon2 hash (corrupt row): a failed check, never a crash.
    return false;
  }
}
