import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { AppEnv } from '../http/app-env.ts';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * The caller's IP address, for rate limits. A forwarding header is believed only when the
 * connection comes from this machine (a reverse proxy in front of the server, as a TLS
 * deployment has): then the last address the proxy appended is the caller's. From anywhere
 * else the header is the caller's own claim, and the socket's address counts.
 */
export function clientAddress(c: Context<AppEnv>): string {
  let socket: string | undefined;
  try {
    socket = getConnInfo(c).remote.address;
  } catch {
    socket = undefined; // not served by @hono/node-server (tests without a connection)
  }
  if (socket === undefined || LOOPBACK.test(socket)) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').map((part) => part.trim()).filter(Boolean).at(-1);
    if (forwarded && socket !== undefined) return forwarded;
  }
  return socket ?? 'unknown';
}
