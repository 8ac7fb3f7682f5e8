import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { undeliveredNotice } from './outbox/delivery-notice.ts';
import { CLAMSCAN_BIN, makeSignatureDatabase } from '../testing/clamav.ts';
import { logLines, spawnServer, stopServer } from '../testing/spawn-server.ts';
import { NO_SCANNER_INSTALLED, NO_SIGNATURE_DATABASE } from './videos/scanner-problems.ts';
import { scannerNotice, scannerReadiness } from './videos/scanner-readiness.ts';

// Issue 28: what a newcomer's first `npm start` says about what it cannot do yet.

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'efie-startup-'));
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const clamav = { socket: undefined, host: undefined, port: undefined, clamscanPath: CLAMSCAN_BIN, database: undefined };

/** The server's own log lines (JSON), not a library's plain ones. */
describe('the default start (npm start, no settings)', () => {
  it('says in one line each that messages are not delivered and that the virus scanner has no signatures, and how to fix both', async () => {
    const emptyDatabase = join(dir, 'no-signatures-yet');
    await mkdir(emptyDatabase);
    // CLAMAV_DB names an empty folder: the state of a fresh Debian install (/var/lib/clamav before freshclam), whatever this machine holds.
    const server = await spawnServer({ DATA_DIR: join(dir, 'data'), CLAMAV_DB: emptyDatabase });
    let lines: ReturnType<typeof logLines> = [];
    try {
      await expect
        .poll(() => logLines(server.output()).some((line) => line.topic === 'virus scanner'), { timeout: 20_000 })
        .toBe(true);
    } finally {
      await stopServer(server.child);
      lines = logLines(server.output());
    }
    const delivery = lines.filter((line) => line.topic === 'message delivery');
    expect(delivery).toHaveLength(1);
    expect(delivery[0]).toMatchObject({ level: 'warn' });
    expect(delivery[0]!.message).toMatch(/^Messages are not delivered: /);
    expect(delivery[0]!.message).toContain('EFIE_DEV_OUTBOX=1');
    expect(delivery[0]!.message).toContain(`http://localhost:${server.port}/api/dev/outbox?to=ADDRESS`);
    expect(delivery[0]!.message).toContain('SMTP_URL');

    const scanner = lines.filter((line) => line.topic === 'virus scanner');
    expect(scanner).toEqual([
      expect.objectContaining({
        level: 'warn',
        message: `${NO_SIGNATURE_DATABASE} (No signatures in ${emptyDatabase}.)`,
      }),
    ]);
    expect(scanner[0]!.message).toContain('freshclam');
    expect(scanner[0]!.message).toContain(
      'videos wait in quarantine, unscanned, and are scanned automatically once it works',
    );
  }, 90_000);
});

describe('undeliveredNotice', () => {
  const local = { origin: 'http://localhost:3000', production: false };

  it('says nothing when every channel has its gateway', () => {
    expect(undeliveredNotice({ email: 'smtp', sms: 'twilio', devOutbox: false }, local)).toBeUndefined();
  });

  it('points at the dev outbox that is on, or tells how to turn it on, and never in production', () => {
    expect(undeliveredNotice({ email: 'log', sms: 'log', devOutbox: true }, local)).toBe(
      'Messages are not delivered: no gateway is set, so sign-up codes, reset links and notices are only recorded. ' +
        'Read them on this machine at http://localhost:3000/api/dev/outbox?to=ADDRESS. ' +
        'To deliver them, set SMTP_URL for e-mail (such as smtps://user:password@smtp.example.com:465), and TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and SMS_FROM for SMS.',
    );
    expect(
      undeliveredNotice(
        { email: 'log', sms: 'twilio', devOutbox: false },
        { origin: 'https://efie.example', production: true },
      ),
    ).toBe(
      'E-mails are not delivered: no gateway is set, so sign-up codes, reset links and notices are only recorded. ' +
        'To deliver them, set SMTP_URL for e-mail (such as smtps://user:password@smtp.example.com:465).',
    );
    expect(undeliveredNotice({ email: 'smtp', sms: 'log', devOutbox: false }, local)).toBe(
      'SMS are not delivered: no gateway is set, so sign-up codes, reset links and notices are only recorded. ' +
        'To read them on this machine, start with EFIE_DEV_OUTBOX=1 and open http://localhost:3000/api/dev/outbox?to=ADDRESS. ' +
        'To deliver them, set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and SMS_FROM for SMS.',
    );
  });
});

describe('scannerReadiness (the real clamscan)', () => {
  it('is ready with a signature database, and says nothing', async () => {
    const database = await makeSignatureDatabase(join(dir, 'signatures'));
    const readiness = await scannerReadiness({ ...clamav, database });
    expect(readiness).toEqual({ kind: 'ready', database });
    expect(scannerNotice(readiness)).toBeUndefined();
  });

  it('has no signatures in an empty or missing folder', async () => {
    const empty = join(dir, 'empty');
    await mkdir(empty);
    for (const database of [empty, join(dir, 'missing')]) {
      const readiness = await scannerReadiness({ ...clamav, database });
      expect(readiness).toEqual({ kind: 'no_signatures', database });
      expect(scannerNotice(readiness)).toBe(`${NO_SIGNATURE_DATABASE} (No signatures in ${database}.)`);
    }
  });

  it('has no scanner when clamscan is not where it is looked for', async () => {
    const path = join(dir, 'no-clamscan-here');
    const readiness = await scannerReadiness({ ...clamav, clamscanPath: path });
    expect(readiness).toEqual({ kind: 'no_scanner', path });
    expect(scannerNotice(readiness)).toBe(`${NO_SCANNER_INSTALLED} (clamscan was looked for as ${path}.)`);
  });

  it('leaves clamd to the clamd probes', async () => {
    expect(await scannerReadiness({ ...clamav, socket: '/run/clamav/clamd.ctl' })).toEqual({ kind: 'clamd' });
  });
});
