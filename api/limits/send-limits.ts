import type { Context } from 'hono';
import { normalizeEmail, normalizePhone } from '../contract/auth.schema.ts';
import type { AppEnv } from '../http/app-env.ts';
import { clientAddress, clientLimitKey } from '../http/client-address.ts';
import { isLoopbackAddress } from '../http/socket-address.ts';
import { rateLimited, type Limit } from './rate-limiter.ts';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

// The numbers (docs/decisions/120-limits-on-what-a-request-sends.md): each is several times
// what a real person needs, and small enough that a flood costs little and annoys no one much.

/**
 * Codes, reset links and other messages that a request sends to one address, whoever asks:
 * a person needs one code, maybe a resend, and a reset; a stranger's inbox gets at most 10 a day.
 */
export const PER_DESTINATION = [
  { max: 3, windowMs: 15 * MINUTE_MS },
  { max: 10, windowMs: DAY_MS },
] as const;
/** Codes one account asks for, to all its addresses: registration, resends, e-mail and phone changes. */
export const PER_ACCOUNT = [
  { max: 5, windowMs: 15 * MINUTE_MS },
  { max: 20, windowMs: DAY_MS },
] as const;
/**
 * Messages requested from one client address (IPv6 by /64). High for one person, because in
 * Ghana many phones share one address behind a carrier's NAT, and a cybercafé's customers too.
 */
export const PER_CLIENT = [{ max: 30, windowMs: HOUR_MS }] as const;
/** Accounts made from one client address: a family or a cybercafé makes a few, a bot makes hundreds (NAT as above). */
export const REGISTRATIONS_PER_CLIENT = [{ max: 10, windowMs: HOUR_MS }] as const;

export type Channel = 'email' | 'phone' | 'sms';

/** One key per address however it is spelled: e-mail case-folded, a phone number normalised (digits alone if it is no number). */
export function destinationKey(channel: Channel, address: string): string {
  if (channel === 'email') return `email:${normalizeEmail(address)}`;
  return `phone:${normalizePhone(address) ?? address.replace(/\D/g, '')}`;
}

/**
 * The caller's key for per-client limits, or undefined when it is exempt: a caller on this
 * machine while the dev outbox is on (never in production) can already read every code, so a
 * limit protects nothing there, and the tests and local work register many accounts from it.
 */
export function clientKeyOf(c: Context<AppEnv>, devOutbox: boolean): string | undefined {
  const address = clientAddress(c);
  if (devOutbox && isLoopbackAddress(address)) return undefined;
  return clientLimitKey(address);
}

const each = (key: string, windows: readonly { max: number; windowMs: number }[]): Limit[] =>
  windows.map((w) => ({ key, ...w }));

/** Who asks for a message and where it goes: the limits it counts against. */
export type SendRequest = { channel: Channel; to: string; accountId?: string | undefined; client?: string | undefined };

export function sendLimits({ channel, to, accountId, client }: SendRequest): Limit[] {
  return [
    ...each(`send:to:${destinationKey(channel, to)}`, PER_DESTINATION),
    ...(accountId ? each(`send:account:${accountId}`, PER_ACCOUNT) : []),
    ...(client ? each(`send:client:${client}`, PER_CLIENT) : []),
  ];
}

export const registrationLimits = (client: string | undefined): Limit[] =>
  client ? each(`register:client:${client}`, REGISTRATIONS_PER_CLIENT) : [];

export const tooManyCodes = rateLimited(
  'too_many_codes',
  'We have sent several codes to this address in a short time. Please wait before asking for another.',
);
export const tooManyRegistrations = rateLimited(
  'too_many_registrations',
  'Several accounts were created from your network in a short time. Please wait before creating another.',
);
