import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './env.ts';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      dataDir: './data',
      databaseUrl: undefined,
      s3: undefined,
      publicOrigin: 'http://localhost:3000',
      production: false,
      supportEmail: 'support@efie.app',
    });
    expect(loadConfig({ SUPPORT_EMAIL: ' Team@Efie.GH ' }).supportEmail).toBe('team@efie.gh');
  });

  it.each([
    [{ PORT: 'abc' }, /^Invalid configuration: PORT: PORT must be a whole number/],
    [{ PORT: '70000' }, /PORT must be a whole number between 1 and 65535/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must be a postgres:\/\/ URL/],
    [{ NODE_ENV: 'staging' }, /NODE_ENV must be development, production or test/],
    [{ ADMIN_EMAIL: 'admin@example.com' }, /ADMIN_EMAIL and ADMIN_PASSWORD must be set together/],
    [{ ADMIN_EMAIL: 'nope', ADMIN_PASSWORD: 'longenough' }, /ADMIN_EMAIL must be an e-mail address/],
    [{ PUBLIC_ORIGIN: 'not a url' }, /PUBLIC_ORIGIN must be a URL/],
    [{ SUPPORT_EMAIL: 'support' }, /^Invalid configuration: SUPPORT_EMAIL: SUPPORT_EMAIL must be an e-mail address$/],
    [{ TRUST_PROXY: 'yes' }, /^Invalid configuration: TRUST_PROXY: TRUST_PROXY must be a number of proxy hops/],
    [{ TRUST_PROXY: '0' }, /^Invalid configuration: TRUST_PROXY: /],
    [{ TRUST_PROXY: '10.0.0.0/33' }, /^Invalid configuration: TRUST_PROXY: /],
    [
      { ANALYTICS_VIEWS_PER_MINUTE: '0' },
      /^Invalid configuration: ANALYTICS_VIEWS_PER_MINUTE: ANALYTICS_VIEWS_PER_MINUTE must be a whole number/,
    ],
    [{ ANALYTICS_VIEWS_PER_MINUTE: 'many' }, /^Invalid configuration: ANALYTICS_VIEWS_PER_MINUTE: /],
    [
      { ANALYTICS_FLUSH_SECONDS: '0' },
      /^Invalid configuration: ANALYTICS_FLUSH_SECONDS: ANALYTICS_FLUSH_SECONDS must be a whole number of seconds/,
    ],
    [{ ANALYTICS_FLUSH_SECONDS: '0.5' }, /^Invalid configuration: ANALYTICS_FLUSH_SECONDS: /],
    [{ HEALTH_FRESH_MS: '-1' }, /^Invalid configuration: HEALTH_FRESH_MS: HEALTH_FRESH_MS must be a whole number/],
    [{ HEALTH_FRESH_MS: '1 s' }, /^Invalid configuration: HEALTH_FRESH_MS: /],
  ])('refuses %j with a line naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('sends a new verification code no sooner than 60 seconds after the last unless CODE_RESEND_AFTER_SECONDS says otherwise', () => {
    expect(loadConfig({}).codeResendAfterSeconds).toBe(60);
    expect(loadConfig({ CODE_RESEND_AFTER_SECONDS: '5' }).codeResendAfterSeconds).toBe(5);
    expect(() => loadConfig({ CODE_RESEND_AFTER_SECONDS: '0' })).toThrow(
      /^Invalid configuration: CODE_RESEND_AFTER_SECONDS: /,
    );
    expect(() => loadConfig({ CODE_RESEND_AFTER_SECONDS: 'soon' })).toThrow(
      /^Invalid configuration: CODE_RESEND_AFTER_SECONDS: /,
    );
  });

  it('takes 120 page views a minute per client address unless ANALYTICS_VIEWS_PER_MINUTE says otherwise', () => {
    expect(loadConfig({}).analyticsViewsPerMinute).toBe(120);
    expect(loadConfig({ ANALYTICS_VIEWS_PER_MINUTE: '600' }).analyticsViewsPerMinute).toBe(600);
  });

  it('lets health reuse an answer for a second unless HEALTH_FRESH_MS says otherwise', () => {
    expect(loadConfig({}).healthFreshMs).toBe(1000);
    expect(loadConfig({ HEALTH_FRESH_MS: '0' }).healthFreshMs).toBe(0);
  });

  it('writes buffered page views every second unless ANALYTICS_FLUSH_SECONDS says otherwise', () => {
    expect(loadConfig({}).analyticsFlushSeconds).toBe(1);
    expect(loadConfig({ ANALYTICS_FLUSH_SECONDS: '3600' }).analyticsFlushSeconds).toBe(3600);
  });

  it('sends web push only with the three VAPID settings, and to no push service but the browsers’ unless PUSH_EXTRA_ORIGINS names one', () => {
    expect(loadConfig({}).push).toBeUndefined();
    expect(loadConfig({}).pushExtraOrigins).toEqual([]);
    const keys = {
      VAPID_PUBLIC_KEY: `B${'a'.repeat(86)}`,
      VAPID_PRIVATE_KEY: 'k'.repeat(43),
      VAPID_SUBJECT: 'mailto:alerts@efie.app',
    };
    expect(loadConfig(keys).push).toEqual({
      publicKey: keys.VAPID_PUBLIC_KEY,
      privateKey: keys.VAPID_PRIVATE_KEY,
      subject: 'mailto:alerts@efie.app',
    });
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: keys.VAPID_PUBLIC_KEY })).toThrow(
      /web push needs VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT together; missing VAPID_PRIVATE_KEY, VAPID_SUBJECT/,
    );
    expect(() => loadConfig({ ...keys, VAPID_PRIVATE_KEY: 'short' })).toThrow(/VAPID_PRIVATE_KEY must be the key/);
    expect(() => loadConfig({ ...keys, VAPID_SUBJECT: 'alerts@efie.app' })).toThrow(/VAPID_SUBJECT must be a mailto:/);
    expect(
      loadConfig({ PUSH_EXTRA_ORIGINS: 'http://localhost:8090/, http://127.0.0.1:9000' }).pushExtraOrigins,
    ).toEqual(['http://localhost:8090', 'http://127.0.0.1:9000']);
    expect(() => loadConfig({ PUSH_EXTRA_ORIGINS: 'localhost:8090' })).toThrow(/PUSH_EXTRA_ORIGINS must be/);
  });

  it('trusts no proxy unless TRUST_PROXY says which', () => {
    expect(loadConfig({}).trustProxy).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toEqual({ hops: 1 });
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, ::1' }).trustProxy).toEqual({ addresses: ['10.0.0.0/8', '::1'] });
  });

  it('stops the server at start-up with one clear line for a bad value', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'api/server.ts'], {
      env: { ...process.env, PORT: 'eighty', DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe('Invalid configuration: PORT: PORT must be a whole number between 1 and 65535');
  });
});
