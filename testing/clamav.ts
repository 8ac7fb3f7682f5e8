import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { createClamdScanner } from '../api/videos/clamd-scanner.ts';
import { freePort } from './free-port.ts';

// Real ClamAV for tests (docs/decisions/080): Debian's clamscan, sigtool and
// clamd (packages clamav and clamav-daemon) with a signature database the test
// makes itself, so no freshclam download and no system clamd are needed.

export const CLAMD_BIN = '/usr/sbin/clamd';
export const CLAMSCAN_BIN = '/usr/bin/clamscan';
const SIGTOOL_BIN = '/usr/bin/sigtool';

/** The EICAR test file: every anti-virus detects it, and it harms nothing. */
export const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';
/** The name ClamAV reports for our EICAR hash signature (made from a file called eicar.com). */
export const EICAR_SIGNATURE = 'eicar.com.UNOFFICIAL';
/** A byte string matched anywhere in a file (a body signature): shows that a scan read a file to its end. */
export const TAIL_MARKER = 'EFIE-TEST-TAIL-MARKER-7f3a9c51';
export const TAIL_SIGNATURE = 'Efie.Test.TailMarker.UNOFFICIAL';

function requireBinary(path: string, pkg: string) {
  if (!existsSync(path))
    throw new Error(`${path} is missing: these tests need real ClamAV (apt-get install -y ${pkg})`);
}

/** The signature for EICAR's test string anywhere in a file (a "video" carrying it), with `eicarInside`. */
export const EICAR_INSIDE_SIGNATURE = 'Efie.Test.EicarInside.UNOFFICIAL';

/**
 * Writes test.hdb (EICAR's MD5, by sigtool) and test.ndb (the tail marker) into `dir`;
 * with `eicarInside`, also a body signature for EICAR's string at any offset.
 */
export async function makeSignatureDatabase(dir: string, { eicarInside = false } = {}): Promise<string> {
  requireBinary(SIGTOOL_BIN, 'clamav');
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'eicar.com'), EICAR);
  const sig = spawnSync(SIGTOOL_BIN, ['--md5', 'eicar.com'], { cwd: dir, encoding: 'utf8' });
  if (sig.status !== 0) throw new Error(`sigtool failed: ${sig.stderr}`);
  const db = join(dir, 'db');
  await mkdir(db, { recursive: true });
  await writeFile(join(db, 'test.hdb'), sig.stdout);
  const bodies = [`Efie.Test.TailMarker:0:*:${Buffer.from(TAIL_MARKER).toString('hex')}`];
  if (eicarInside) bodies.push(`Efie.Test.EicarInside:0:*:${Buffer.from(EICAR).toString('hex')}`);
  await writeFile(join(db, 'test.ndb'), `${bodies.join('\n')}\n`);
  return db;
}

export type RunningClamd = { socket: string; port: number; log: () => string; stop(): Promise<void> };

/**
 * Starts Debian's clamd in the foreground on a unix socket in `dir` and a TCP
 * port on 127.0.0.1, with `settings` added to the config (StreamMaxLength…),
 * and resolves once it answers PING. Fails with clamd's own words if it exits.
 */
export async function startClamd(
  dir: string,
  database: string,
  settings: Record<string, string>,
): Promise<RunningClamd> {
  requireBinary(CLAMD_BIN, 'clamav-daemon');
  await mkdir(join(dir, 'tmp'), { recursive: true });
  const socket = join(dir, 'clamd.sock');
  const port = await freePort();
  const config = {
    Foreground: 'yes',
    LocalSocket: socket,
    TCPSocket: String(port),
    TCPAddr: '127.0.0.1',
    DatabaseDirectory: database,
    TemporaryDirectory: join(dir, 'tmp'),
    LogTime: 'no',
    LogVerbose: 'no',
    ...settings,
  };
  const configFile = join(dir, 'clamd.conf');
  await writeFile(
    configFile,
    `${Object.entries(config)
      .map(([k, val]) => `${k} ${val}`)
      .join('\n')}\n`,
  );
  const child: ChildProcess = spawn(CLAMD_BIN, ['-c', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<string>((resolve) =>
    child.once('exit', (code, signal) => resolve(`clamd exited (${signal ?? code}): ${output}`)),
  );
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
  };
  const client = createClamdScanner({ address: { socket }, connectTimeoutMs: 1_000 });
  const deadline = Date.now() + 90_000;
  for (;;) {
    const outcome = await Promise.race([client.ping().then((pong) => (pong ? 'ready' : 'not yet')), exited]);
    if (outcome === 'ready') break;
    if (outcome !== 'not yet') throw new Error(outcome);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`clamd did not answer PING within 90 s: ${output}`);
    }
    // Poll again once the socket may be there: clamd loads its database before listening.
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { socket, port, log: () => output, stop };
}

/**
 * `bytes` bytes made on the fly in 1 MiB chunks (never held whole), optionally
 * ending with the tail marker, so a scanner that stops early misses it.
 */
export function generatedStream(bytes: number, { tailMarker = false } = {}): Readable {
  const chunk = Buffer.alloc(1024 * 1024);
  for (let i = 0; i < chunk.length; i++) chunk[i] = (i * 31) % 251;
  const marker = Buffer.from(tailMarker ? TAIL_MARKER : '');
  return Readable.from(
    (function* () {
      let left = bytes - marker.length;
      while (left > 0) {
        const piece = chunk.subarray(0, Math.min(left, chunk.length));
        left -= piece.length;
        yield piece;
      }
      if (marker.length > 0) yield marker;
    })(),
  );
}
