import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLAMSCAN_BIN,
  EICAR,
  EICAR_SIGNATURE,
  generatedStream,
  makeSignatureDatabase,
  TAIL_SIGNATURE,
} from '../../testing/clamav.ts';
import { createClamscanScanner } from './clamscan-scanner.ts';
import { createVirusScanner } from './create-scanner.ts';
import { NO_SCANNER_INSTALLED, NO_SIGNATURE_DATABASE } from './scanner-problems.ts';

// The real clamscan binary (Debian's clamav), with the test's own signatures.

const MB = 1024 * 1024;
let dir: string;
let db: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'efie-clamscan-'));
  db = await makeSignatureDatabase(join(dir, 'signatures'));
});

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const fromText = (text: string) => Readable.from([Buffer.from(text)]);

describe('clamscan scanner (real clamscan)', () => {
  it('finds EICAR and names its signature', async () => {
    const scanner = createClamscanScanner({ path: CLAMSCAN_BIN, database: db });
    expect(await scanner.scan(fromText(EICAR))).toEqual({
      kind: 'infected',
      scanner: 'clamscan',
      signature: EICAR_SIGNATURE,
    });
  }, 60_000);

  it('passes a clean file as clean', async () => {
    const scanner = createClamscanScanner({ path: CLAMSCAN_BIN, database: db });
    expect(await scanner.scan(generatedStream(2 * MB))).toEqual({ kind: 'clean', scanner: 'clamscan' });
  }, 60_000);

  it('scans a file of exactly 100 MB to its last byte', async () => {
    const scanner = createClamscanScanner({ path: CLAMSCAN_BIN, database: db });
    expect(await scanner.scan(generatedStream(100 * MB, { tailMarker: true }))).toEqual({
      kind: 'infected',
      scanner: 'clamscan',
      signature: TAIL_SIGNATURE,
    });
  }, 180_000);

  it('fails, never passes, a file over its limit (clamscan would skip it and say OK without --alert-exceeds-max)', async () => {
    const scanner = createClamscanScanner({ path: CLAMSCAN_BIN, database: db, maxBytes: 5 * MB });
    expect(await scanner.scan(generatedStream(6 * MB, { tailMarker: true }))).toEqual({
      kind: 'failed',
      failure: 'error',
      reason: 'not scanned whole: Heuristics.Limits.Exceeded.MaxFileSize',
    });
  }, 60_000);

  it('fails as unavailable when the binary is missing or has no signatures to scan with', async () => {
    const missing = createClamscanScanner({ path: join(dir, 'no-clamscan-here'), database: db });
    // Issue 28: the reason (shown to admins) says in plain words what to do; clamscan's own words are the log's (detail).
    expect(await missing.scan(fromText('bytes'))).toEqual({
      kind: 'failed',
      failure: 'unavailable',
      reason: NO_SCANNER_INSTALLED,
      detail: expect.stringMatching(/^clamscan could not start: spawn .* ENOENT$/),
    });
    const emptyDb = join(dir, 'empty-db');
    await mkdir(emptyDb);
    const noSignatures = createClamscanScanner({ path: CLAMSCAN_BIN, database: emptyDb });
    expect(await noSignatures.scan(fromText('bytes'))).toEqual({
      kind: 'failed',
      failure: 'unavailable',
      reason: NO_SIGNATURE_DATABASE,
      detail: expect.stringMatching(/^clamscan exited with 2: LibClamAV Error: .*No supported database files/),
    });
  }, 60_000);

  it('is always unavailable without signatures, whatever the file’s size: clamscan exits before reading stdin, and that EPIPE is not the answer', async () => {
    const emptyDb = join(dir, 'no-signatures');
    await mkdir(emptyDb, { recursive: true });
    const verdicts: string[] = [];
    for (const database of [emptyDb, join(dir, 'no-such-folder')]) {
      const scanner = createClamscanScanner({ path: CLAMSCAN_BIN, database });
      // A file of a few MB is still being written when clamscan gives up: the race the old code lost.
      for (let i = 0; i < 6; i++) {
        const verdict = await scanner.scan(i % 2 === 0 ? generatedStream(4 * MB) : fromText('bytes'));
        verdicts.push(
          verdict.kind === 'failed' && 'detail' in verdict
            ? `${verdict.failure}: ${verdict.detail.slice(0, 22)}`
            : verdict.kind,
        );
      }
    }
    expect(verdicts).toEqual(Array(12).fill('unavailable: clamscan exited with 2'));
  }, 120_000);

  it('fails, never passes, a file that cannot be read to the end', async () => {
    const scanner = createClamscanScanner({ path: CLAMSCAN_BIN, database: db });
    const broken = Readable.from(
      (async function* () {
        yield Buffer.from('the first bytes of a clean file');
        throw new Error('storage went away');
      })(),
    );
    expect(await scanner.scan(broken)).toEqual({
      kind: 'failed',
      failure: 'error',
      reason: 'reading the file failed: storage went away',
    });
  }, 60_000);

  it('fails on a scan that does not finish in time, killing clamscan', async () => {
    // A source that never ends: clamscan waits for the rest of stdin.
    const endless = new Readable({ read() {} });
    endless.push(Buffer.from('the start of a file'));
    const scanner = createClamscanScanner({ path: CLAMSCAN_BIN, database: db, timeoutMs: 500 });
    expect(await scanner.scan(endless)).toEqual({
      kind: 'failed',
      failure: 'error',
      reason: 'clamscan did not finish within 500 ms',
    });
  }, 60_000);
});

describe('createVirusScanner', () => {
  it('uses clamd when a socket or host is set, else clamscan', () => {
    const none = { socket: undefined, host: undefined, port: undefined, clamscanPath: undefined, database: undefined };
    expect(createVirusScanner({ ...none, socket: '/run/clamav/clamd.ctl' }).name).toBe('clamd');
    expect(createVirusScanner({ ...none, host: 'clamav', port: 3310 }).name).toBe('clamd');
    expect(createVirusScanner(none).name).toBe('clamscan');
  });

  it('scans with the clamscan binary and database from the settings', async () => {
    const scanner = createVirusScanner({
      socket: undefined,
      host: undefined,
      port: undefined,
      clamscanPath: CLAMSCAN_BIN,
      database: db,
    });
    expect(await scanner.scan(fromText(EICAR))).toEqual({
      kind: 'infected',
      scanner: 'clamscan',
      signature: EICAR_SIGNATURE,
    });
  }, 60_000);

  it('reaches clamd on CLAMD_HOST at the default port 3310 when CLAMD_PORT is unset', async () => {
    // Nothing listens on 127.0.0.1:3310 in the tests: the failure names the port it tried.
    const scanner = createVirusScanner({
      socket: undefined,
      host: '127.0.0.1',
      port: undefined,
      clamscanPath: undefined,
      database: undefined,
    });
    expect(await scanner.scan(fromText('bytes'))).toEqual({
      kind: 'failed',
      failure: 'unavailable',
      reason: expect.stringContaining('127.0.0.1:3310'),
    });
  });
});
