import type { Context } from 'hono';
import type { AppEnv } from './app-env.ts';
import { requestSocket } from './node-exchange.ts';

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/** True for an address on this machine (127.0.0.0/8 or ::1, IPv4-mapped included). */
export const isLoopbackAddress = (address: string | undefined): boolean =>
  address !== undefined && LOOPBACK.test(address);

/** The connection's peer address, or undefined when not served by @hono/node-server (tests without a socket). */
export function socketAddress(c: Context<AppEnv>): string | undefined {
  return requestSocket(c)?.remoteAddress;
}
