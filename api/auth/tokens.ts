import { createHash, randomBytes, randomInt } from 'node:crypto';

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** 256 random bits, URL-safe: session tokens and reset links. */
export const randomToken = () => randomBytes(32).toString('base64url');

/** A uniformly random 6-digit code. */
export const randomCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
