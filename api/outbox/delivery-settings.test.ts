import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../env.ts';
import { silentLogger } from '../logger.ts';
import { createMessageSender } from '../runtime.ts';

const SID = `AC${'0f'.repeat(16)}`;
const TOKEN = 'secret-token-123';
const twilio = { TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN, SMS_FROM: '+233501234567' };

/** Fails when a text shows the auth token or the hex digits of an account SID (a valid one, or the malformed one given). */
const expectNoTwilioSecret = (text: string, sids: readonly string[] = [SID]) => {
  expect(text).not.toContain(TOKEN);
  for (const sid of sids) expect(text).not.toContain(sid.replace(/^AC/, ''));
};

const failure = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('the configuration was accepted');
};

describe('delivery settings', () => {
  it('uses the log sender for both channels when nothing is configured', () => {
    const config = loadConfig({});
    expect(config.smtp).toBeUndefined();
    expect(config.sms).toBeUndefined();
    expect(createMessageSender(config, silentLogger).gateways).toEqual({ email: 'log', sms: 'log' });
  });

  it('sends e-mail over SMTP with the default From when SMTP_URL is set, and SMS through Twilio when its settings are', () => {
    const config = loadConfig({ SMTP_URL: 'smtps://user:pass@smtp.example.com:465', ...twilio });
    expect(config.smtp).toEqual({ url: 'smtps://user:pass@smtp.example.com:465', from: 'Efie <no-reply@efie.app>' });
    expect(config.sms).toEqual({
      baseUrl: 'https://api.twilio.com',
      accountSid: SID,
      authToken: 'secret-token-123',
      from: '+233501234567',
    });
    const { gateways } = createMessageSender(config, silentLogger);
    expect(gateways).toEqual({ email: 'smtp', sms: 'twilio' });
    expectNoTwilioSecret(JSON.stringify(gateways)); // what the start-up log shows
    expect(
      loadConfig({ ...twilio, SMS_API_BASE_URL: 'http://127.0.0.1:9999/', SMS_FROM: `MG${'a1'.repeat(16)}` }).sms,
    ).toMatchObject({ baseUrl: 'http://127.0.0.1:9999', from: `MG${'a1'.repeat(16)}` });
  });

  it('refuses a partial Twilio configuration at start-up, naming what is missing, never echoing what was given', () => {
    const onlySid = failure({ TWILIO_ACCOUNT_SID: SID });
    expect(onlySid).toBe(
      'Invalid configuration: SMS sending needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, SMS_FROM together; missing TWILIO_AUTH_TOKEN, SMS_FROM',
    );
    expectNoTwilioSecret(onlySid);
    const onlyToken = failure({ TWILIO_AUTH_TOKEN: TOKEN });
    expect(onlyToken).toBe(
      'Invalid configuration: SMS sending needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, SMS_FROM together; missing TWILIO_ACCOUNT_SID, SMS_FROM',
    );
    expectNoTwilioSecret(onlyToken);
    expect(failure({ SMS_API_BASE_URL: 'https://gateway.example' })).toMatch(
      /missing TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, SMS_FROM$/,
    );
  });

  it('refuses bad values with one line naming the variable, never echoing a secret', () => {
    expect(failure({ SMTP_URL: 'http://user:hunter2@mail.example' })).toBe(
      'Invalid configuration: SMTP_URL: SMTP_URL must be an smtp:// or smtps:// URL, such as smtps://user:password@smtp.example.com:465',
    );
    expect(failure({ MAIL_FROM: 'Efie' })).toMatch(/^Invalid configuration: MAIL_FROM: /);
    // A SID one digit short and one with a letter that is not hexadecimal: the message names the rule, not the value.
    for (const badSid of [SID.slice(0, -1), `${SID.slice(0, -1)}g`]) {
      const message = failure({ ...twilio, TWILIO_ACCOUNT_SID: badSid });
      expect(message).toBe(
        'Invalid configuration: TWILIO_ACCOUNT_SID: TWILIO_ACCOUNT_SID must be AC followed by 32 hexadecimal digits',
      );
      expectNoTwilioSecret(message, [SID, badSid]);
    }
    for (const bad of [{ SMS_FROM: '0241234567' }, { SMS_API_BASE_URL: 'https://api.twilio.com/2010-04-01' }]) {
      const message = failure({ ...twilio, ...bad });
      expect(message).toMatch(new RegExp(`^Invalid configuration: ${Object.keys(bad)[0]}: `));
      expectNoTwilioSecret(message);
    }
  });
});
