import { createConnection, type Socket } from 'node:net';
import type { Readable } from 'node:stream';
import type { ScanVerdict } from '../../events/video/video.decider.ts';
import { MAX_VIDEO_BYTES } from '../../events/video/video.policy.ts';
import { errorText } from '../logger.ts';
import { foundVerdict, type VirusScanner } from './virus-scanner.ts';

export type ClamdAddress = { socket: string } | { host: string; port: number };

export type ClamdOptions = {
  address: ClamdAddress;
  /** Giving up on connecting: clamd is then unavailable. */
  connectTimeoutMs?: number;
  /** The longest silence while sending or waiting for the verdict (a 100 MB scan on a busy machine takes a while). */
  timeoutMs?: number;
  /**
   * The adapter stops at this many bytes and answers failed: it never relies on
   * clamd's StreamMaxLength, MaxFileSize or MaxScanSize to notice (a clamd past
   * MaxFileSize without AlertExceedsMax answers OK for bytes it never looked at).
   */
  maxBytes?: number;
};

const CHUNK_BYTES = 64 * 1024;

function connect(address: ClamdAddress, timeoutMs: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket =
      'socket' in address
        ? createConnection({ path: address.socket })
        : createConnection({ host: address.host, port: address.port });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no connection to clamd within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve(socket);
    });
    socket.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

/** clamd's whole answer (z-commands end it with a NUL), or an error on silence past the timeout. */
function readAnswer(socket: Socket, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const text = () => Buffer.concat(chunks).toString('utf8');
    let settled = false;
    const settle = (fn: () => void) => {
      if (!settled) {
        settled = true;
        fn();
      }
    };
    socket.setTimeout(timeoutMs, () => {
      settle(() => reject(new Error(`clamd did not answer within ${timeoutMs} ms`)));
      socket.destroy();
    });
    socket.on('data', (data: Buffer) => {
      chunks.push(data);
      if (data.includes(0)) settle(() => resolve(text()));
    });
    // clamd closes after an early answer ("INSTREAM size limit exceeded"): our writes may then fail, its answer stands.
    socket.on('error', (error) => settle(() => (chunks.length > 0 ? resolve(text()) : reject(error))));
    socket.on('close', () =>
      settle(() =>
        chunks.length > 0 ? resolve(text()) : reject(new Error('clamd closed the connection without an answer')),
      ),
    );
  });
}

/** Writes with backpressure; throws once the connection is gone. */
async function write(socket: Socket, data: Uint8Array): Promise<void> {
  if (socket.destroyed || !socket.writable) throw new Error('the connection to clamd is closed');
  if (socket.write(data)) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      socket.off('drain', done);
      socket.off('close', done);
      resolve();
    };
    socket.on('drain', done);
    socket.on('close', done);
  });
  if (socket.destroyed) throw new Error('the connection to clamd is closed');
}

const lengthPrefix = (length: number) => {
  const prefix = Buffer.alloc(4);
  prefix.writeUInt32BE(length);
  return prefix;
};

/** Reads clamd's answer to zINSTREAM; anything but the three known shapes is a failure. */
export function verdictOfAnswer(answer: string): ScanVerdict {
  const text = answer.replace(/\0+$/, '').trim();
  if (text === 'stream: OK') return { kind: 'clean', scanner: 'clamd' };
  const found = /^stream: (\S(?:.*\S)?) FOUND$/.exec(text);
  if (found) return foundVerdict('clamd', found[1]!);
  const error = /^(?:stream: )?(.+) ERROR$/.exec(text);
  if (error) return { kind: 'failed', failure: 'error', reason: `clamd: ${error[1]}` };
  return {
    kind: 'failed',
    failure: 'error',
    reason: `unexpected answer from clamd: ${JSON.stringify(text.slice(0, 200))}`,
  };
}

/**
 * clamd over its unix socket or TCP with INSTREAM: the file goes in chunks of at
 * most 64 KiB, each after a 4-byte big-endian length, then a zero length.
 */
export function createClamdScanner({
  address,
  connectTimeoutMs = 5_000,
  timeoutMs = 120_000,
  maxBytes = MAX_VIDEO_BYTES,
}: ClamdOptions) {
  async function send(socket: Socket, source: Readable, answered: () => boolean): Promise<ScanVerdict | undefined> {
    await write(socket, Buffer.from('zINSTREAM\0'));
    let sent = 0;
    for await (const chunk of source) {
      const bytes: Buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      for (let at = 0; at < bytes.length; at += CHUNK_BYTES) {
        const piece = bytes.subarray(at, at + CHUNK_BYTES);
        sent += piece.length;
        if (sent > maxBytes)
          return { kind: 'failed', failure: 'error', reason: `the file is longer than ${maxBytes} bytes: not scanned` };
        if (answered()) return undefined;
        await write(socket, lengthPrefix(piece.length));
        await write(socket, piece);
      }
    }
    await write(socket, lengthPrefix(0));
    return undefined;
  }

  return {
    name: 'clamd',
    async scan(source: Readable): Promise<ScanVerdict> {
      // Listening from the start: a storage stream that fails while we connect must not go unhandled.
      let sourceFailed = false;
      source.once('error', () => {
        sourceFailed = true;
      });
      let socket: Socket;
      try {
        socket = await connect(address, connectTimeoutMs);
      } catch (error) {
        source.destroy();
        return { kind: 'failed', failure: 'unavailable', reason: `clamd unreachable: ${errorText(error)}` };
      }
      let answered = false;
      const answer = readAnswer(socket, timeoutMs).finally(() => {
        answered = true;
      });
      answer.catch(() => undefined);
      let sendError: unknown;
      let early: ScanVerdict | undefined;
      try {
        early = await send(socket, source, () => answered);
      } catch (error) {
        sendError = error;
      }
      if (early || sourceFailed) {
        socket.destroy();
        source.destroy();
        return (
          early ?? { kind: 'failed', failure: 'error', reason: `reading the file failed: ${errorText(sendError)}` }
        );
      }
      try {
        return verdictOfAnswer(await answer);
      } catch (error) {
        return { kind: 'failed', failure: 'error', reason: errorText(sendError ?? error) };
      } finally {
        socket.destroy();
        source.destroy();
      }
    },
    /** True when clamd answers PING with PONG. */
    async ping(): Promise<boolean> {
      try {
        const socket = await connect(address, connectTimeoutMs);
        const answer = readAnswer(socket, connectTimeoutMs);
        answer.catch(() => undefined);
        try {
          await write(socket, Buffer.from('zPING\0'));
          return (await answer).replace(/\0+$/, '').trim() === 'PONG';
        } finally {
          socket.destroy();
        }
      } catch {
        return false;
      }
    },
  } satisfies VirusScanner & { ping(): Promise<boolean> };
}
