import webpush from 'web-push';
import type { Database } from '../../events/store/sql.ts';
import type { OutboxMessage } from '../contract/auth.schema.ts';
import { DeliveryError, type MessageSender } from './sender.ts';

export type PushSettings = { publicKey: string; privateKey: string; subject: string };

/** How long a push service keeps an alert for a browser that is offline: a day, as alerts come at most daily. */
const TIME_TO_LIVE_SECONDS = 24 * 60 * 60;
const SEND_TIMEOUT_MS = 10_000;

/**
 * Web push through the browser's push service (RFC 8030, with VAPID and the payload encrypted by
 * RFC 8291: the `web-push` package). The outbox message's recipient is the subscription's endpoint;
 * its keys are read when sending, so a subscription removed meanwhile is not sent to. A push service
 * that says the subscription is gone (404, 410) has it removed and the message failed for good.
 */
export function createPushSender(db: Database, settings: PushSettings): MessageSender {
  const vapidDetails = { subject: settings.subject, publicKey: settings.publicKey, privateKey: settings.privateKey };
  return {
    async send(message: OutboxMessage) {
      const [subscription] = await db.query<{ p256dh: string; auth: string }>(
        'select p256dh, auth from push_subscriptions where endpoint = $1',
        [message.to],
      );
      if (!subscription) throw new DeliveryError('the browser no longer subscribes to push', 'permanent');
      // web-push encrypts and signs (generateRequestDetails); the request itself goes by fetch, which
      // also speaks plain http to a configured local push service (PUSH_EXTRA_ORIGINS).
      const request = webpush.generateRequestDetails(
        { endpoint: message.to, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        message.text,
        { vapidDetails, TTL: TIME_TO_LIVE_SECONDS },
      );
      let res: Response;
      try {
        res = await fetch(request.endpoint, {
          method: request.method,
          headers: request.headers as Record<string, string>,
          body: request.body ? new Uint8Array(request.body) : null,
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        });
      } catch (error) {
        // Sent and no answer: it may have arrived. Not sent at all: try again later.
        const timedOut = error instanceof Error && error.name === 'TimeoutError';
        throw new DeliveryError(
          `push service unreachable: ${String(error)}`.slice(0, 500),
          timedOut ? 'uncertain' : 'transient',
        );
      }
      const answer = (await res.text()).slice(0, 300);
      if (res.ok) return { providerId: res.headers.get('location'), response: String(res.status) };
      if (res.status === 404 || res.status === 410) {
        await db.query('delete from push_subscriptions where endpoint = $1', [message.to]);
        throw new DeliveryError(`push service ${res.status}: the subscription is gone`, 'permanent');
      }
      const refusal = res.status >= 500 || res.status === 429 ? 'transient' : 'permanent';
      throw new DeliveryError(`push service ${res.status}: ${answer}`, refusal);
    },
  };
}
