import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export type PasswordHasher = {
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
  /** Spends the same time as a real check, for unknown accounts (no timing tells whether one exists). */
  verifyNothing(password: string): Promise<false>;
};

const scrypt = (password: string, salt: Buffer, keyLength: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCallback(password.normalize('NFKC'), salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );

/**
 * scrypt from node:crypto (memory-hard, no dependency). Stored as
 * `scrypt$N$r$p$salt$key` (base64url) so the cost can rise later while old
 * hashes keep working. N = 2^15, r = 8 uses 32 MB and about 100 ms per check here.
 */
export function createScryptHasher({ cost = 2 ** 15, blockSize = 8, parallelization = 1 } = {}): PasswordHasher {
  const keyLength = 32;
  const maxmem = 256 * cost * blockSize;
  let dummy: Promise<string> | undefined;

  async function hash(password: string): Promise<string> {
    const salt = randomBytes(16);
    const key = await scrypt(password, salt, keyLength, { N: cost, r: blockSize, p: parallelization, maxmem });
    return ['scrypt', cost, blockSize, parallelization, salt.toString('base64url'), key.toString('base64url')].join(
      '$',
    );
  }

  async function verify(password: string, stored: string): Promise<boolean> {
    const [scheme, n, r, p, salt, key] = stored.split('$');
    if (scheme !== 'scrypt' || !salt || !key) return false;
    const expected = Buffer.from(key, 'base64url');
    const N = Number(n);
    const R = Number(r);
    const actual = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length, {
      N,
      r: R,
      p: Number(p),
      maxmem: 256 * N * R,
    });
    return timingSafeEqual(actual, expected);
  }

  return {
    hash,
    verify,
    async verifyNothing(password) {
      dummy ??= hash('not a password anyone has');
      await verify(password, await dummy);
      return false;
    },
  };
}
