import { spawn } from 'node:child_process';
import { readdir, stat } from 'node:fs/promises';
import type { Config } from '../env.ts';
import { NO_SCANNER_INSTALLED, NO_SIGNATURE_DATABASE } from './scanner-problems.ts';

// Whether the clamscan that will scan videos can scan at all, asked at start-up without
// scanning: loading ClamAV's full database takes clamscan tens of seconds and about a
// gigabyte, which a start-up should not spend (docs/decisions/190). Its binary answers
// --version at once, and its database is files in a folder.

/** Files ClamAV loads signatures from (CVD containers and the plain signature formats). */
const SIGNATURE_FILE =
  /\.(cvd|cld|cud|hdb|hdu|hsb|hsu|mdb|mdu|msb|msu|ndb|ndu|ldb|ldu|idb|cdb|cbc|pdb|gdb|wdb|ftm|sfp|fp|crb|imp|yara?|pwdb|db)$/i;

/** Where a ClamAV built for Debian (and most packages) keeps its database when clamconf cannot say. */
const DEBIAN_DATABASE_DIRECTORY = '/var/lib/clamav';

export type ScannerReadiness =
  | { kind: 'clamd' }
  | { kind: 'ready'; database: string }
  | { kind: 'no_signatures'; database: string }
  | { kind: 'no_scanner'; path: string };

/** A command's stdout, or undefined when it cannot run (missing, not executable, too slow). */
function output(command: string, args: string[], timeoutMs = 5_000): Promise<string | undefined> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'ignore'], timeout: timeoutMs });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.once('error', () => resolve(undefined));
    child.once('close', (code) => resolve(code === 0 ? out : undefined));
  });
}

/** A signature file, or a folder holding one. */
async function holdsSignatures(path: string): Promise<boolean> {
  const info = await stat(path).catch(() => undefined);
  if (!info) return false;
  if (info.isFile()) return info.size > 0 && SIGNATURE_FILE.test(path);
  const names = await readdir(path).catch(() => [] as string[]);
  return names.some((name) => SIGNATURE_FILE.test(name));
}

/** clamscan's own database folder, as clamconf reports it ("Database directory: …"). */
async function defaultDatabase(): Promise<string> {
  const said = await output('clamconf', []);
  return /^Database directory: (.+)$/m.exec(said ?? '')?.[1]?.trim() || DEBIAN_DATABASE_DIRECTORY;
}

/**
 * clamd (CLAMD_SOCKET or CLAMD_HOST) is not asked here: it does not start without
 * signatures, and warnAboutClamdLimits probes it. Else: is CLAMSCAN_PATH (or clamscan
 * on the PATH) there, and does CLAMAV_DB (or its own folder) hold signatures?
 */
export async function scannerReadiness(clamav: Config['clamav']): Promise<ScannerReadiness> {
  if (clamav.socket || clamav.host) return { kind: 'clamd' };
  const path = clamav.clamscanPath ?? 'clamscan';
  if ((await output(path, ['--version'])) === undefined) return { kind: 'no_scanner', path };
  const database = clamav.database ?? (await defaultDatabase());
  return (await holdsSignatures(database)) ? { kind: 'ready', database } : { kind: 'no_signatures', database };
}

/** The start-up line for a scanner that cannot scan: what to do, and what happens to videos meanwhile. */
export function scannerNotice(readiness: ScannerReadiness): string | undefined {
  if (readiness.kind === 'no_scanner') return `${NO_SCANNER_INSTALLED} (clamscan was looked for as ${readiness.path}.)`;
  if (readiness.kind === 'no_signatures') return `${NO_SIGNATURE_DATABASE} (No signatures in ${readiness.database}.)`;
  return undefined;
}
