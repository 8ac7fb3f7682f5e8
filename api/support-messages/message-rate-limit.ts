import type { SupportMessageContent } from '../../events/support-message/support-message.events.ts';
import { rateLimited, type Limit } from '../limits/rate-limiter.ts';
import { destinationKey } from '../limits/send-limits.ts';

/** Messages per sender address (e-mail or phone, however it is spelled) per hour. */
export const PER_SENDER = 5;
/**
 * Messages per client address (IPv6 by /64) per hour. Higher than per sender: in Ghana many
 * phones share one address behind a mobile carrier's NAT, and a cybercafé's customers share one too.
 */
export const PER_IP = 20;
export const WINDOW_MS = 60 * 60 * 1000;

export const tooManyMessages = rateLimited(
  'too_many_messages',
  'You have sent several messages in a short time. Please wait before sending another.',
);

/**
 * The limits one message counts against (api/limits/rate-limiter.ts): every address the sender
 * gave, normalised (024 123 4567, +233 24 123 4567 and 00233241234567 are one number), and
 * where the request came from (undefined: exempt, see clientKeyOf).
 */
export function messageLimits(content: SupportMessageContent, client: string | undefined): Limit[] {
  const limits: Limit[] = [];
  if (client) limits.push({ key: `message:ip:${client}`, max: PER_IP, windowMs: WINDOW_MS });
  if (content.email)
    limits.push({ key: `message:${destinationKey('email', content.email)}`, max: PER_SENDER, windowMs: WINDOW_MS });
  if (content.phone)
    limits.push({ key: `message:${destinationKey('phone', content.phone)}`, max: PER_SENDER, windowMs: WINDOW_MS });
  return limits;
}
