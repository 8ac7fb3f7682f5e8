import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_VIDEO_BYTES } from '../../events/video/video.policy.ts';
import {
  EICAR,
  EICAR_SIGNATURE,
  generatedStream,
  makeSignatureDatabase,
  startClamd,
  TAIL_SIGNATURE,
  type RunningClamd,
} from '../../testing/clamav.ts';
import { createClamdScanner, verdictOfAnswer } from './clamd-scanner.ts';

// Real clamd (Debian's clamav-daemon), two of them: one configured as decision
// 080 asks (StreamMaxLength 120M and file and scan limits above the video
// limit), one at clamd's default stream limit of 100M.

/** As clamd counts (120M is 120 MiB) and as the video limit is set (100 × 2^20 bytes). */
const MB = 1024 * 1024;
let dir: string;
let clamd: RunningClamd;
let clamdAt100M: RunningClamd;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'efie-clamd-'));
  const db = await makeSignatureDatabase(join(dir, 'signatures'));
  const limits = { MaxFileSize: '120M', MaxScanSize: '120M', AlertExceedsMax: 'yes' };
  [clamd, clamdAt100M] = await Promise.all([
    startClamd(join(dir, 'a'), db, { StreamMaxLength: '120M', ...limits }),
    startClamd(join(dir, 'b'), db, { StreamMaxLength: '100M', ...limits }),
  ]);
}, 180_000);

afterAll(async () => {
  await Promise.all([clamd?.stop(), clamdAt100M?.stop()]);
  if (dir) await rm(dir, { recursive: true, force: true });
});

const fromText = (text: string) => Readable.from([Buffer.from(text)]);

describe('clamd scanner (INSTREAM, real clamd)', () => {
  it('finds EICAR and names its signature, over the unix socket and over TCP', async () => {
    const overSocket = createClamdScanner({ address: { socket: clamd.socket } });
    const overTcp = createClamdScanner({ address: { host: '127.0.0.1', port: clamd.port } });
    expect(await overSocket.scan(fromText(EICAR))).toEqual({
      kind: 'infected',
      scanner: 'clamd',
      signature: EICAR_SIGNATURE,
    });
    expect(await overTcp.scan(fromText(EICAR))).toEqual({
      kind: 'infected',
      scanner: 'clamd',
      signature: EICAR_SIGNATURE,
    });
  });

  it('passes a clean file as clean', async () => {
    const scanner = createClamdScanner({ address: { socket: clamd.socket } });
    expect(await scanner.scan(fromText('an ordinary walk-through of a two-bedroom flat in Osu'))).toEqual({
      kind: 'clean',
      scanner: 'clamd',
    });
    expect(await scanner.scan(generatedStream(3 * MB))).toEqual({ kind: 'clean', scanner: 'clamd' });
  }, 60_000);

  it('scans a 101 MB stream to its last byte when StreamMaxLength is 120M', async () => {
    const scanner = createClamdScanner({ address: { socket: clamd.socket }, maxBytes: 120 * 1024 * 1024 });
    expect(await scanner.scan(generatedStream(101 * MB, { tailMarker: true }))).toEqual({
      kind: 'infected',
      scanner: 'clamd',
      signature: TAIL_SIGNATURE,
    });
  }, 180_000);

  it('gets a failure, not a clean pass, from a clamd whose StreamMaxLength (100M) is below the stream', async () => {
    const scanner = createClamdScanner({ address: { socket: clamdAt100M.socket }, maxBytes: 120 * 1024 * 1024 });
    expect(await scanner.scan(generatedStream(101 * MB, { tailMarker: true }))).toEqual({
      kind: 'failed',
      failure: 'error',
      reason: 'clamd: INSTREAM size limit exceeded.',
    });
  }, 180_000);

  it('scans a file of exactly 100 MB whole even at clamd’s default StreamMaxLength of 100M', async () => {
    const scanner = createClamdScanner({ address: { socket: clamdAt100M.socket } });
    expect(await scanner.scan(generatedStream(MAX_VIDEO_BYTES, { tailMarker: true }))).toEqual({
      kind: 'infected',
      scanner: 'clamd',
      signature: TAIL_SIGNATURE,
    });
  }, 180_000);

  it('needs AlertExceedsMax: past MaxFileSize clamd answers OK for bytes it never looked at, unless told to alert', async () => {
    const db = join(dir, 'signatures', 'db');
    const [silent, alerting] = await Promise.all([
      startClamd(join(dir, 'd'), db, { StreamMaxLength: '120M', MaxFileSize: '10M', AlertExceedsMax: 'no' }),
      startClamd(join(dir, 'e'), db, { StreamMaxLength: '120M', MaxFileSize: '10M', AlertExceedsMax: 'yes' }),
    ]);
    try {
      const marked = () => generatedStream(20 * MB, { tailMarker: true });
      expect(await createClamdScanner({ address: { socket: silent.socket } }).scan(marked())).toEqual({
        kind: 'clean',
        scanner: 'clamd',
      });
      expect(await createClamdScanner({ address: { socket: alerting.socket } }).scan(marked())).toEqual({
        kind: 'failed',
        failure: 'error',
        reason: 'not scanned whole: Heuristics.Limits.Exceeded.MaxFileSize',
      });
    } finally {
      await Promise.all([silent.stop(), alerting.stop()]);
    }
  }, 180_000);

  it('stops at its own limit (100 MB, the video limit) and fails without asking clamd for a verdict', async () => {
    const scanner = createClamdScanner({ address: { socket: clamd.socket } });
    expect(await scanner.scan(generatedStream(MAX_VIDEO_BYTES + 1))).toEqual({
      kind: 'failed',
      failure: 'error',
      reason: `the file is longer than ${MAX_VIDEO_BYTES} bytes: not scanned`,
    });
  }, 180_000);

  it('scans a file of exactly 100 MB whole', async () => {
    const scanner = createClamdScanner({ address: { socket: clamd.socket } });
    expect(await scanner.scan(generatedStream(MAX_VIDEO_BYTES, { tailMarker: true }))).toEqual({
      kind: 'infected',
      scanner: 'clamd',
      signature: TAIL_SIGNATURE,
    });
  }, 180_000);

  it('fails as unavailable, never clean, when no clamd listens', async () => {
    const scanner = createClamdScanner({ address: { socket: join(dir, 'nobody-here.sock') } });
    expect(await scanner.scan(fromText('clean bytes'))).toEqual({
      kind: 'failed',
      failure: 'unavailable',
      reason: expect.stringMatching(/^clamd unreachable: connect ENOENT /),
    });
    const closedPort = createClamdScanner({ address: { host: '127.0.0.1', port: 1 } });
    expect(await closedPort.scan(fromText('clean bytes'))).toEqual({
      kind: 'failed',
      failure: 'unavailable',
      reason: expect.stringMatching(/^clamd unreachable: connect ECONNREFUSED /),
    });
    expect(await scanner.ping()).toBe(false);
    expect(await createClamdScanner({ address: { socket: clamd.socket } }).ping()).toBe(true);
  });

  it('fails as unavailable once clamd has stopped', async () => {
    const db = await makeSignatureDatabase(join(dir, 'signatures-c'));
    const shortLived = await startClamd(join(dir, 'c'), db, { StreamMaxLength: '120M' });
    const scanner = createClamdScanner({ address: { socket: shortLived.socket } });
    expect(await scanner.scan(fromText(EICAR))).toMatchObject({ kind: 'infected' });
    await shortLived.stop();
    expect(await scanner.scan(fromText(EICAR))).toMatchObject({ kind: 'failed', failure: 'unavailable' });
  }, 120_000);

  it('fails as unavailable, without crashing, when the file fails while clamd is unreachable', async () => {
    const scanner = createClamdScanner({ address: { socket: join(dir, 'nobody-here.sock') } });
    const failing = new Readable({ read() {} });
    const verdict = scanner.scan(failing);
    failing.destroy(new Error('storage went away'));
    expect(await verdict).toMatchObject({ kind: 'failed', failure: 'unavailable' });
  });

  it('fails when the file cannot be read to the end', async () => {
    const scanner = createClamdScanner({ address: { socket: clamd.socket } });
    const broken = Readable.from(
      (async function* () {
        yield Buffer.from('the first bytes');
        throw new Error('storage went away');
      })(),
    );
    expect(await scanner.scan(broken)).toEqual({
      kind: 'failed',
      failure: 'error',
      reason: 'reading the file failed: storage went away',
    });
  });
});

describe('clamd scanner against a misbehaving server', () => {
  async function fakeClamd(
    onConnection: Parameters<typeof createServer>[1],
  ): Promise<{ server: Server; path: string }> {
    const path = join(dir, `fake-${Math.random().toString(36).slice(2)}.sock`);
    const server = createServer(onConnection);
    await new Promise<void>((resolve) => server.listen(path, resolve));
    return { server, path };
  }

  it('times out on a server that never answers', async () => {
    const { server, path } = await fakeClamd((socket) => socket.on('data', () => undefined));
    try {
      const scanner = createClamdScanner({ address: { socket: path }, timeoutMs: 300 });
      expect(await scanner.scan(fromText('bytes'))).toEqual({
        kind: 'failed',
        failure: 'error',
        reason: 'clamd did not answer within 300 ms',
      });
    } finally {
      server.close();
    }
  });

  it('refuses an answer that is not one of clamd’s', async () => {
    const { server, path } = await fakeClamd((socket) =>
      socket.on('data', (d: Buffer) => {
        if (d.includes(Buffer.from([0, 0, 0, 0]))) socket.end('stream: maybe fine\0');
      }),
    );
    try {
      const scanner = createClamdScanner({ address: { socket: path } });
      expect(await scanner.scan(fromText('bytes'))).toEqual({
        kind: 'failed',
        failure: 'error',
        reason: 'unexpected answer from clamd: "stream: maybe fine"',
      });
    } finally {
      server.close();
    }
  });

  it('reads each of clamd’s answers for what it is', () => {
    expect(verdictOfAnswer('stream: OK\0')).toEqual({ kind: 'clean', scanner: 'clamd' });
    expect(verdictOfAnswer('stream: Win.Test.EICAR_HDB-1 FOUND\0')).toEqual({
      kind: 'infected',
      scanner: 'clamd',
      signature: 'Win.Test.EICAR_HDB-1',
    });
    expect(verdictOfAnswer('stream: Heuristics.Limits.Exceeded.MaxFileSize FOUND\0')).toEqual({
      kind: 'failed',
      failure: 'error',
      reason: 'not scanned whole: Heuristics.Limits.Exceeded.MaxFileSize',
    });
    expect(verdictOfAnswer('INSTREAM size limit exceeded. ERROR\0')).toEqual({
      kind: 'failed',
      failure: 'error',
      reason: 'clamd: INSTREAM size limit exceeded.',
    });
    expect(verdictOfAnswer('')).toEqual({
      kind: 'failed',
      failure: 'error',
      reason: 'unexpected answer from clamd: ""',
    });
    expect(verdictOfAnswer('stream: OK trailing')).toMatchObject({ kind: 'failed' });
    expect(verdictOfAnswer('stream:  FOUND')).toMatchObject({ kind: 'failed' });
  });
});
