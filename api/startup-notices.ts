import type { Config } from './env.ts';
import type { Logger } from './logger.ts';
import { undeliveredNotice } from './outbox/delivery-notice.ts';
import { deliverySetup } from './outbox/gateways.ts';
import { scannerNotice, scannerReadiness } from './videos/scanner-readiness.ts';

// What a newcomer's first `npm start` must say (issue 28): one line each for what the
// default start cannot do, with how to fix it. Warnings, since the server still runs.

/** Messages only recorded (no SMTP_URL, no Twilio settings): where to read them, how to send them. */
export function warnAboutDelivery(config: Config, log: Logger): void {
  const notice = undeliveredNotice(deliverySetup(config), {
    origin: config.publicOrigin,
    production: config.production,
  });
  if (notice) log.warn(notice, { topic: 'message delivery' });
}

/** No clamscan or no signatures: how to get them, and that videos wait unscanned meanwhile. */
export async function warnAboutVirusScanner(config: Config, log: Logger): Promise<void> {
  const notice = scannerNotice(await scannerReadiness(config.clamav));
  if (notice) log.warn(notice, { topic: 'virus scanner' });
}
