import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import { makeSignatureDatabase, startClamd } from '../../testing/clamav.ts';
import { spawnServer, stopServer } from '../../testing/spawn-server.ts';
import { probeClamdLimits, warnAboutClamdLimits } from './clamd-limits.ts';

// Real clamd (Debian's clamav-daemon) with the settings the README asks for, and with each one wrong.
let dir: string;
let db: string;
const REQUIRED = { StreamMaxLength: '120M', MaxFileSize: '120M', MaxScanSize: '120M', AlertExceedsMax: 'yes' };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'efie-clamd-limits-'));
  db = await makeSignatureDatabase(join(dir, 'signatures'));
}, 60_000);
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function withClamd<T>(
  name: string,
  settings: Record<string, string>,
  use: (socket: string) => Promise<T>,
): Promise<T> {
  const clamd = await startClamd(join(dir, name), db, settings);
  try {
    return await use(clamd.socket);
  } finally {
    await clamd.stop();
  }
}

function capturedLog() {
  const lines: { level: string; message: string; settings?: string[] }[] = [];
  return { lines, log: createLogger({}, (line) => lines.push(JSON.parse(line))) };
}

describe("clamd's limits at start-up", () => {
  it('warns about nothing when clamd is configured as the README asks', async () => {
    await withClamd('good', REQUIRED, async (socket) => {
      expect(await probeClamdLimits({ socket })).toEqual({ wrong: [] });
      const { lines, log } = capturedLog();
      await warnAboutClamdLimits(
        { socket, host: undefined, port: undefined, clamscanPath: undefined, database: undefined },
        log,
      );
      expect(lines).toEqual([]);
    });
  }, 120_000);

  it.each([
    ['StreamMaxLength', { StreamMaxLength: '100M' }],
    ['MaxFileSize', { MaxFileSize: '100M' }],
    ['MaxScanSize', { MaxScanSize: '100M' }],
    ['AlertExceedsMax', { AlertExceedsMax: 'no' }],
  ] as const)(
    'names %s when it is not what the README asks',
    async (setting, wrong) => {
      await withClamd(`wrong-${setting}`, { ...REQUIRED, ...wrong }, async (socket) => {
        expect(await probeClamdLimits({ socket })).toEqual({ wrong: [setting] });
      });
    },
    120_000,
  );

  it("warns in one line naming every setting it found wrong with Debian's defaults, over TCP too", async () => {
    // Debian's clamd.conf sets none of them: StreamMaxLength and MaxFileSize are then too small, and AlertExceedsMax is off.
    const clamd = await startClamd(join(dir, 'debian'), db, {});
    try {
      const { lines, log } = capturedLog();
      await warnAboutClamdLimits(
        { socket: undefined, host: '127.0.0.1', port: clamd.port, clamscanPath: undefined, database: undefined },
        log,
      );
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ level: 'warn', settings: ['StreamMaxLength', 'AlertExceedsMax'] });
      expect(lines[0]!.message).toMatch(
        /^clamd is not configured as Efie needs: set StreamMaxLength 120M, AlertExceedsMax yes in clamd.conf/,
      );
    } finally {
      await clamd.stop();
    }
  }, 120_000);

  it('are checked when the server starts: one warn line in its log names the setting', async () => {
    await withClamd('server', { ...REQUIRED, MaxScanSize: '50M' }, async (socket) => {
      const server = await spawnServer({ DATA_DIR: join(dir, 'server-data'), CLAMD_SOCKET: socket });
      try {
        const warned = () =>
          server
            .output()
            .split('\n')
            .filter((line) => line.includes('clamd is not configured as Efie needs'));
        await expect.poll(() => warned().length, { timeout: 60_000, interval: 200 }).toBe(1);
        expect(JSON.parse(warned()[0]!)).toMatchObject({ level: 'warn', settings: ['MaxScanSize'] });
      } finally {
        await stopServer(server.child);
      }
    });
  }, 120_000);

  it('says the limits were not checked when clamd does not answer, and checks nothing without clamd', async () => {
    const { lines, log } = capturedLog();
    await warnAboutClamdLimits(
      {
        socket: join(dir, 'nobody.sock'),
        host: undefined,
        port: undefined,
        clamscanPath: undefined,
        database: undefined,
      },
      log,
    );
    expect(lines).toEqual([expect.objectContaining({ level: 'warn', message: 'clamd limits not checked' })]);
    const none = capturedLog();
    await warnAboutClamdLimits(
      { socket: undefined, host: undefined, port: undefined, clamscanPath: 'clamscan', database: undefined },
      none.log,
    );
    expect(none.lines).toEqual([]);
  });
});
