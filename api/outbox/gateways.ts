import type { DeliverySetup } from '../contract/outbox.schema.ts';
import type { Config } from '../env.ts';

/**
 * Which gateway each channel goes through: e-mail over SMTP when SMTP_URL is set, SMS
 * through Twilio when its three settings are; otherwise `log`, which records the message
 * and delivers nothing. Names only, never a setting's value (SMTP_URL holds a password).
 */
export function deliverySetup(config: Pick<Config, 'smtp' | 'sms' | 'devOutbox'>): DeliverySetup {
  return { email: config.smtp ? 'smtp' : 'log', sms: config.sms ? 'twilio' : 'log', devOutbox: config.devOutbox };
}
