import type { Context } from 'hono';
import type { AppEnv } from './app-env.ts';
import { isLoopbackAddress, socketAddress } from './socket-address.ts';

/**
 * The caller's IP address, for rate limits and visitor analytics. A forwarding header is believed only when the
 * connection comes from this machine (a reverse proxy in front of the server, as a TLS
 * deployment has): then the last address the proxy appended is the caller's. From anywhere
 * else the header is the caller's own claim, and the socket's address counts.
 */
export function clientAddress(c: Context<AppEnv>): string {
  const socket = socketAddress(c);
  if (socket === undefined || isLoopbackAddress(socket)) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').map((part) => part.trim()).filter(Boolean).at(-1);
    if (forwarded && socket !== undefined) return forwarded;
  }
  return socket ?? 'unknown';
}
