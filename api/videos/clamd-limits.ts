import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import type { Config } from '../env.ts';
import type { Logger } from '../logger.ts';
import { createClamdScanner, type ClamdAddress } from './clamd-scanner.ts';
import { CLAMD_DEFAULT_PORT } from './create-scanner.ts';

/** What README and docs/decisions/080 ask of clamd: 120M (clamd's M is 2^20 bytes). */
export const REQUIRED_LIMIT = '120M';
export const REQUIRED_LIMIT_BYTES = 120 * 1024 * 1024;

export type ClamdSetting = 'StreamMaxLength' | 'MaxFileSize' | 'MaxScanSize' | 'AlertExceedsMax';

/** Archives nested deeper than clamd's MaxRecursion allows (17 by default, at most 100 in practice). */
const NESTING = 120;

/** `bytes` zeros in 64 KiB pieces, never held whole. */
function zeros(bytes: number): Readable {
  const piece = Buffer.alloc(64 * 1024);
  return Readable.from(
    (function* () {
      for (let left = bytes; left > 0; left -= piece.length) yield piece.subarray(0, Math.min(left, piece.length));
    })(),
  );
}

function nestedArchive(): Buffer {
  let archive = Buffer.from('efie clamd probe');
  for (let level = 0; level < NESTING; level++) archive = gzipSync(archive);
  return archive;
}

/**
 * clamd has no command that tells its configuration (VERSIONCOMMANDS lists none), and its
 * config file is often in another container: so the limits are tried. A stream of exactly
 * 120M must come back OK: clamd answers "INSTREAM size limit exceeded" past StreamMaxLength,
 * and, with AlertExceedsMax, Heuristics.Limits.Exceeded.MaxFileSize or .MaxScanSize past
 * those. Without AlertExceedsMax it answers OK for bytes it skipped, so a second probe, a
 * small archive nested past MaxRecursion, must be reported; unreported, AlertExceedsMax is off.
 * Resolves with the settings found wrong, or why clamd could not be asked.
 */
export async function probeClamdLimits(
  address: ClamdAddress,
): Promise<{ wrong: ClamdSetting[] } | { unchecked: string }> {
  const scanner = createClamdScanner({ address, maxBytes: REQUIRED_LIMIT_BYTES });
  const wrong: ClamdSetting[] = [];
  const large = await scanner.scan(zeros(REQUIRED_LIMIT_BYTES));
  if (large.kind === 'failed') {
    if (large.failure === 'unavailable') return { unchecked: large.reason };
    if (large.reason.includes('INSTREAM size limit exceeded')) wrong.push('StreamMaxLength');
    else if (large.reason.includes('Limits.Exceeded.MaxFileSize')) wrong.push('MaxFileSize');
    else if (large.reason.includes('Limits.Exceeded.MaxScanSize')) wrong.push('MaxScanSize');
    else return { unchecked: large.reason };
  }
  const deep = await scanner.scan(Readable.from([nestedArchive()]));
  if (deep.kind === 'clean') wrong.push('AlertExceedsMax');
  return { wrong };
}

export function clamdAddressOf(clamav: Config['clamav']): ClamdAddress | undefined {
  if (clamav.socket) return { socket: clamav.socket };
  if (clamav.host) return { host: clamav.host, port: clamav.port ?? CLAMD_DEFAULT_PORT };
  return undefined;
}

/** At start-up, in the background: one warn line naming what clamd must change, if anything. */
export async function warnAboutClamdLimits(clamav: Config['clamav'], log: Logger): Promise<void> {
  const address = clamdAddressOf(clamav);
  if (!address) return;
  const outcome = await probeClamdLimits(address);
  if ('unchecked' in outcome) {
    log.warn('clamd limits not checked', { reason: outcome.unchecked });
    return;
  }
  if (outcome.wrong.length === 0) return;
  const fixes = outcome.wrong.map((setting) =>
    setting === 'AlertExceedsMax' ? 'AlertExceedsMax yes' : `${setting} ${REQUIRED_LIMIT}`,
  );
  log.warn(
    `clamd is not configured as Efie needs: set ${fixes.join(', ')} in clamd.conf (Efie needs StreamMaxLength, MaxFileSize and MaxScanSize of ${REQUIRED_LIMIT} and AlertExceedsMax yes, or videos fail their scan)`,
    { settings: outcome.wrong },
  );
}
