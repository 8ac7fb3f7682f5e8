import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import { MAX_VIDEO_BYTES } from '../../events/video/video.policy.ts';
import { errorText } from '../logger.ts';
import { NO_SCANNER_INSTALLED, NO_SIGNATURE_DATABASE } from './scanner-problems.ts';
import { foundVerdict, type ScanOutcome, type VirusScanner } from './virus-scanner.ts';

export type ClamscanOptions = {
  /** The binary: CLAMSCAN_PATH, else `clamscan` on the PATH. */
  path?: string;
  /** CLAMAV_DB: a signature file or directory; else clamscan's own (/var/lib/clamav). */
  database?: string | undefined;
  /** Killed past this: a scan that never ends is a failure. */
  timeoutMs?: number;
  /**
   * clamscan skips files over --max-filesize and calls them OK. Its limits are
   * set to this, with --alert-exceeds-max, so anything longer is a failure,
   * never a pass. At least the video limit.
   */
  maxBytes?: number;
};

const OUTPUT_LIMIT = 64 * 1024;

/**
 * The clamscan binary, spawned per file, reading the file on stdin (`-`).
 * Spawned directly rather than through the clamscan npm package: its exit
 * codes are ClamAV's own (0 clean, 1 found, 2 error) and are checked against
 * its one line of output; anything else is a failure.
 */
export function createClamscanScanner({
  path = 'clamscan',
  database,
  timeoutMs = 300_000,
  maxBytes = MAX_VIDEO_BYTES,
}: ClamscanOptions = {}): VirusScanner {
  // clamscan's size options take bytes, or a number with K or M.
  const limit = String(maxBytes);
  const args = [
    '--no-summary',
    '--stdout',
    `--max-filesize=${limit}`,
    `--max-scansize=${limit}`,
    '--alert-exceeds-max=yes',
    ...(database ? ['--database', database] : []),
    '-',
  ];
  return {
    name: 'clamscan',
    scan(source: Readable): Promise<ScanOutcome> {
      return new Promise<ScanOutcome>((resolve) => {
        let settled = false;
        const done = (verdict: ScanOutcome) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          source.destroy();
          resolve(verdict);
        };
        const child = spawn(path, args, { stdio: ['pipe', 'pipe', 'pipe'] });
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
          done({ kind: 'failed', failure: 'error', reason: `clamscan did not finish within ${timeoutMs} ms` });
        }, timeoutMs);
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (d: Buffer) => {
          if (stdout.length < OUTPUT_LIMIT) stdout += d.toString('utf8');
        });
        child.stderr.on('data', (d: Buffer) => {
          if (stderr.length < OUTPUT_LIMIT) stderr += d.toString('utf8');
        });
        child.once('error', (error: NodeJS.ErrnoException) => {
          const said = `clamscan could not start: ${errorText(error)}`;
          if (error.code === 'ENOENT' || error.code === 'EACCES')
            done({ kind: 'failed', failure: 'unavailable', reason: NO_SCANNER_INSTALLED, detail: said });
          else done({ kind: 'failed', failure: 'error', reason: said });
        });
        // clamscan may exit (no signatures) before it has read stdin: the write then fails with EPIPE
        // or ECONNRESET, and its exit code and words on close tell what happened, not that error.
        // Not stream.pipeline: on a failed write it destroys the source with the write's error, and
        // that error came out as "reading the file failed: write EPIPE" before clamscan's own answer.
        child.stdin.on('error', () => undefined);
        source.once('error', (error) => {
          child.kill('SIGKILL');
          done({ kind: 'failed', failure: 'error', reason: `reading the file failed: ${errorText(error)}` });
        });
        source.pipe(child.stdin);
        child.once('close', (code, signal) => {
          const line = stdout.trim().split('\n').pop() ?? '';
          const found = /^stdin: (\S(?:.*\S)?) FOUND$/.exec(line);
          if (code === 0 && line === 'stdin: OK') return done({ kind: 'clean', scanner: 'clamscan' });
          if (code === 1 && found) return done(foundVerdict('clamscan', found[1]!));
          const said = (stderr.trim() || stdout.trim()).split('\n').slice(-3).join(' / ').slice(0, 500);
          // No signatures to scan with is no scanner at all, as much as a missing binary.
          // An empty folder says "No supported database files"; a missing one only "cl_load(): No such file".
          const exited = `clamscan exited with ${signal ?? code}: ${said || 'no output'}`;
          if (code === 2 && /database|cl_load\(\)/i.test(said))
            done({ kind: 'failed', failure: 'unavailable', reason: NO_SIGNATURE_DATABASE, detail: exited });
          else done({ kind: 'failed', failure: 'error', reason: exited });
        });
      });
    },
  };
}
