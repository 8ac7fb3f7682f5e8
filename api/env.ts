import * as v from 'valibot';
import { proxyList, type TrustProxy } from './http/client-address.ts';

const optionalText = v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty()));
const port = (name: string) =>
  v.pipe(
    v.string(),
    v.regex(/^\d+$/, `${name} must be a whole number between 1 and 65535`),
    v.transform(Number),
    v.number(),
    v.minValue(1, `${name} must be a whole number between 1 and 65535`),
    v.maxValue(65535, `${name} must be a whole number between 1 and 65535`),
  );

export const DEFAULT_MAIL_FROM = 'Efie <no-reply@efie.app>';
export const DEFAULT_SMS_API_BASE_URL = 'https://api.twilio.com';
/** SMS handed to the gateway per hour unless SMS_HOURLY_BUDGET says otherwise (docs/decisions/120). */
export const DEFAULT_SMS_HOURLY_BUDGET = 100;

function trustProxyIsValid(value: string): boolean {
  if (/^\d+$/.test(value)) return Number(value) >= 1 && Number(value) <= 10;
  try {
    proxyList(value.split(',').map((entry) => entry.trim()));
    return true;
  } catch {
    return false;
  }
}

const parseTrustProxy = (value: string | undefined): TrustProxy =>
  value === undefined
    ? undefined
    : /^\d+$/.test(value)
      ? { hops: Number(value) }
      : { addresses: value.split(',').map((entry) => entry.trim()) };

const SMS_SETTINGS = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'SMS_FROM'] as const;
const PUSH_SETTINGS = ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'] as const;
/** A VAPID key as `npx web-push generate-vapid-keys` prints it: URL-safe base64 without padding. */
const vapidKey = (name: string, length: number) =>
  v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(
        new RegExp(`^[A-Za-z0-9_-]{${length}}$`),
        `${name} must be the key \`npx web-push generate-vapid-keys\` prints (${length} URL-safe base64 characters)`,
      ),
    ),
  );

const EnvSchema = v.object({
  PORT: v.optional(port('PORT'), '3000'),
  DATA_DIR: v.optional(v.pipe(v.string(), v.nonEmpty('DATA_DIR must not be empty')), './data'),
  DATABASE_URL: v.optional(
    v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\/.+/, 'DATABASE_URL must be a postgres:// URL')),
  ),
  S3_ENDPOINT: v.optional(v.pipe(v.string(), v.url('S3_ENDPOINT must be a URL'))),
  S3_REGION: optionalText,
  S3_BUCKET: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: v.optional(v.picklist(['true', 'false', '1', '0'], 'S3_FORCE_PATH_STYLE must be true or false')),
  CLAMD_SOCKET: optionalText,
  CLAMD_HOST: optionalText,
  CLAMD_PORT: v.optional(port('CLAMD_PORT')),
  CLAMSCAN_PATH: optionalText,
  CLAMAV_DB: optionalText,
  ADMIN_EMAIL: v.optional(v.pipe(v.string(), v.trim(), v.email('ADMIN_EMAIL must be an e-mail address'))),
  ADMIN_PASSWORD: v.optional(v.pipe(v.string(), v.minLength(8, 'ADMIN_PASSWORD must be at least 8 characters'))),
  PUBLIC_ORIGIN: v.optional(v.pipe(v.string(), v.url('PUBLIC_ORIGIN must be a URL such as https://efie.example'))),
  SUPPORT_EMAIL: v.optional(
    v.pipe(v.string(), v.trim(), v.toLowerCase(), v.email('SUPPORT_EMAIL must be an e-mail address')),
    'support@efie.app',
  ),
  EFIE_DEV_OUTBOX: v.optional(v.picklist(['1', '0'], 'EFIE_DEV_OUTBOX must be 1 (on) or 0 (off)')),
  SMTP_URL: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(
        /^smtps?:\/\/[^\s/]+/,
        'SMTP_URL must be an smtp:// or smtps:// URL, such as smtps://user:password@smtp.example.com:465',
      ),
    ),
  ),
  MAIL_FROM: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(
        /^([^<>@\s][^<>@]*<[^<>@\s]+@[^<>@\s]+\.[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+\.[^<>@\s]+)$/,
        'MAIL_FROM must be an address, or a name and an address such as Efie <no-reply@efie.app>',
      ),
    ),
    DEFAULT_MAIL_FROM,
  ),
  SMS_API_BASE_URL: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^https?:\/\/[^\s/]+\/?$/, 'SMS_API_BASE_URL must be an origin such as https://api.twilio.com'),
    ),
  ),
  TWILIO_ACCOUNT_SID: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^AC[0-9a-fA-F]{32}$/, 'TWILIO_ACCOUNT_SID must be AC followed by 32 hexadecimal digits'),
    ),
  ),
  TWILIO_AUTH_TOKEN: optionalText,
  SMS_FROM: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(
        /^(\+[1-9]\d{6,14}|(?=[A-Za-z0-9 ]*[A-Za-z])[A-Za-z0-9 ]{1,11}|MG[0-9a-fA-F]{32})$/,
        'SMS_FROM must be a phone number in international form (+14155550100), an alphanumeric sender id (at most 11 letters, digits or spaces, one letter at least), or a Messaging Service SID (MG…)',
      ),
    ),
  ),
  VAPID_PUBLIC_KEY: vapidKey('VAPID_PUBLIC_KEY', 87),
  VAPID_PRIVATE_KEY: vapidKey('VAPID_PRIVATE_KEY', 43),
  VAPID_SUBJECT: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'VAPID_SUBJECT must be a mailto: address or an https: URL'),
    ),
  ),
  PUSH_EXTRA_ORIGINS: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(
        /^https?:\/\/[^\s/,]+\/?(,\s*https?:\/\/[^\s/,]+\/?)*$/,
        'PUSH_EXTRA_ORIGINS must be a comma-separated list of origins such as http://localhost:8090',
      ),
    ),
  ),
  TRUST_PROXY: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check(
        trustProxyIsValid,
        'TRUST_PROXY must be a number of proxy hops (1) or a comma-separated list of proxy addresses or networks (10.0.0.0/8, ::1)',
      ),
    ),
  ),
  ANALYTICS_VIEWS_PER_MINUTE: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[1-9]\d{0,6}$/, 'ANALYTICS_VIEWS_PER_MINUTE must be a whole number from 1 to 9999999'),
      v.transform(Number),
    ),
    '120',
  ),
  HEALTH_FRESH_MS: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^\d{1,5}$/, 'HEALTH_FRESH_MS must be a whole number of milliseconds from 0 to 99999'),
      v.transform(Number),
    ),
    '1000',
  ),
  ANALYTICS_FLUSH_SECONDS: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^[1-9]\d{0,3}$/, 'ANALYTICS_FLUSH_SECONDS must be a whole number of seconds from 1 to 9999'),
      v.transform(Number),
    ),
    '1',
  ),
  CODE_RESEND_AFTER_SECONDS: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^[1-9]\d{0,3}$/, 'CODE_RESEND_AFTER_SECONDS must be a whole number of seconds from 1 to 9999'),
      v.transform(Number),
    ),
    '60',
  ),
  SMS_HOURLY_BUDGET: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^[1-9]\d{0,6}$/, 'SMS_HOURLY_BUDGET must be a whole number of SMS per hour, at least 1'),
    ),
  ),
  NODE_ENV: v.optional(
    v.picklist(['development', 'production', 'test'], 'NODE_ENV must be development, production or test'),
    'development',
  ),
});

export type Config = {
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  s3:
    | {
        endpoint: string | undefined;
        region: string;
        bucket: string;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        forcePathStyle: boolean;
      }
    | undefined;
  clamav: {
    socket: string | undefined;
    host: string | undefined;
    port: number | undefined;
    clamscanPath: string | undefined;
    database: string | undefined;
  };
  admin: { email: string; password: string } | undefined;
  publicOrigin: string;
  /** Which peers' X-Forwarded-For names the client (TRUST_PROXY); undefined: nobody's. */
  trustProxy: TrustProxy;
  /** Page views one client address may add a minute (ANALYTICS_VIEWS_PER_MINUTE, docs/decisions/110). */
  analyticsViewsPerMinute: number;
  /**
   * How long GET /api/health may answer with the database's last answer (HEALTH_FRESH_MS, 1000; 0
   * asks every time): a load balancer's probes under load then cost one statement a second.
   */
  healthFreshMs: number;
  /** How often buffered page views are written (ANALYTICS_FLUSH_SECONDS, 1); a stop writes the rest at once. */
  analyticsFlushSeconds: number;
  production: boolean;
  /** Where support and contact messages go (the team's inbox). */
  supportEmail: string;
  /** Session cookies carry Secure: whenever PUBLIC_ORIGIN is https:, whatever NODE_ENV says. */
  secureCookies: boolean;
  /**
   * GET /api/dev/outbox (every code and link sent): only with EFIE_DEV_OUTBOX=1,
   * never in production, and then for loopback callers only.
   */
  devOutbox: boolean;
  /** E-mail goes out over SMTP when set (the URL holds the password: never log it); else the log sender. */
  smtp: { url: string; from: string } | undefined;
  /** SMS goes out through Twilio's Messages API (or a compatible gateway) when set; else the log sender. */
  sms: SmsSettings | undefined;
  /** SMS handed to the gateway per hour, all instances together (SMS_HOURLY_BUDGET); past it SMS wait in the outbox. */
  smsHourlyBudget: number;
  /** Web push (saved searches' alerts) when the three VAPID settings are set; else alerts go by e-mail or SMS. */
  push: { publicKey: string; privateKey: string; subject: string } | undefined;
  /**
   * Push services besides the browsers' own (api/saved-searches/push-endpoints.ts) a subscription
   * may name (PUSH_EXTRA_ORIGINS): a local test service. The server posts to these, so none by default.
   */
  pushExtraOrigins: string[];
  /** A new verification code for the same address no sooner than this after the last (CODE_RESEND_AFTER_SECONDS, 60). */
  codeResendAfterSeconds: number;
};

export type SmsSettings = {
  baseUrl: string;
  accountSid: string;
  authToken: string;
  /** A phone number or alphanumeric sender id (From), or a Messaging Service SID (MG…). */
  from: string;
};

export class ConfigError extends Error {}

/** Reads and checks the environment; a bad value throws one line naming the variable. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = v.safeParse(EnvSchema, present);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const name = issue.path?.[0]?.key;
    throw new ConfigError(`Invalid configuration: ${typeof name === 'string' ? `${name}: ` : ''}${issue.message}`);
  }
  const e = parsed.output;
  if ((e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError('Invalid configuration: ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  if (e.S3_BUCKET === undefined && (e.S3_ENDPOINT ?? e.S3_ACCESS_KEY_ID) !== undefined) {
    throw new ConfigError('Invalid configuration: S3_BUCKET must be set when other S3_ variables are');
  }
  if (e.EFIE_DEV_OUTBOX === '1' && e.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid configuration: EFIE_DEV_OUTBOX: the dev outbox shows every code and reset link; it cannot be on with NODE_ENV=production',
    );
  }
  const smsSet = SMS_SETTINGS.filter((name) => e[name] !== undefined);
  if ((smsSet.length > 0 || e.SMS_API_BASE_URL !== undefined) && smsSet.length < SMS_SETTINGS.length) {
    const missing = SMS_SETTINGS.filter((name) => e[name] === undefined);
    throw new ConfigError(
      `Invalid configuration: SMS sending needs ${SMS_SETTINGS.join(', ')} together; missing ${missing.join(', ')}`,
    );
  }
  const pushSet = PUSH_SETTINGS.filter((name) => e[name] !== undefined);
  if (pushSet.length > 0 && pushSet.length < PUSH_SETTINGS.length) {
    const missing = PUSH_SETTINGS.filter((name) => e[name] === undefined);
    throw new ConfigError(
      `Invalid configuration: web push needs ${PUSH_SETTINGS.join(', ')} together; missing ${missing.join(', ')}`,
    );
  }
  const port = Number(e.PORT);
  const publicOrigin = (e.PUBLIC_ORIGIN ?? `http://localhost:${port}`).replace(/\/$/, '');
  return {
    port,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    s3:
      e.S3_BUCKET === undefined
        ? undefined
        : {
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION ?? 'us-east-1',
            bucket: e.S3_BUCKET,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true' || e.S3_FORCE_PATH_STYLE === '1',
          },
    clamav: {
      socket: e.CLAMD_SOCKET,
      host: e.CLAMD_HOST,
      port: e.CLAMD_PORT === undefined ? undefined : Number(e.CLAMD_PORT),
      clamscanPath: e.CLAMSCAN_PATH,
      database: e.CLAMAV_DB,
    },
    admin:
      e.ADMIN_EMAIL !== undefined && e.ADMIN_PASSWORD !== undefined
        ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD }
        : undefined,
    publicOrigin,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    analyticsViewsPerMinute: e.ANALYTICS_VIEWS_PER_MINUTE,
    analyticsFlushSeconds: e.ANALYTICS_FLUSH_SECONDS,
    healthFreshMs: e.HEALTH_FRESH_MS,
    production: e.NODE_ENV === 'production',
    supportEmail: e.SUPPORT_EMAIL,
    secureCookies: publicOrigin.startsWith('https:'),
    devOutbox: e.EFIE_DEV_OUTBOX === '1',
    codeResendAfterSeconds: e.CODE_RESEND_AFTER_SECONDS,
    smsHourlyBudget: e.SMS_HOURLY_BUDGET === undefined ? DEFAULT_SMS_HOURLY_BUDGET : Number(e.SMS_HOURLY_BUDGET),
    smtp: e.SMTP_URL === undefined ? undefined : { url: e.SMTP_URL, from: e.MAIL_FROM },
    pushExtraOrigins: (e.PUSH_EXTRA_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim().replace(/\/$/, ''))
      .filter((origin) => origin !== ''),
    push:
      e.VAPID_PUBLIC_KEY === undefined || e.VAPID_PRIVATE_KEY === undefined || e.VAPID_SUBJECT === undefined
        ? undefined
        : { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: e.VAPID_SUBJECT },
    sms:
      e.TWILIO_ACCOUNT_SID === undefined || e.TWILIO_AUTH_TOKEN === undefined || e.SMS_FROM === undefined
        ? undefined
        : {
            baseUrl: (e.SMS_API_BASE_URL ?? DEFAULT_SMS_API_BASE_URL).replace(/\/$/, ''),
            accountSid: e.TWILIO_ACCOUNT_SID,
            authToken: e.TWILIO_AUTH_TOKEN,
            from: e.SMS_FROM,
          },
  };
}
