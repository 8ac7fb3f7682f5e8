import type { Readable } from 'node:stream';
import type { ScanVerdict } from '../../events/video/video.decider.ts';

/**
 * Scans a file's bytes, streamed: never holds the file whole. The answer is
 * the decider's verdict as it is: clean, infected with the signature's name, or
 * failed (no scanner reachable, or an error) — a failure is never clean.
 */
export interface VirusScanner {
  /** 'clamd' or 'clamscan': recorded with each verdict. */
  readonly name: string;
  scan(source: Readable): Promise<ScanOutcome>;
}

/**
 * A verdict as a scanner gives it. A failure whose `reason` is told in plain words (shown to
 * admins) keeps the scanner's own words in `detail`, for the server log only: never recorded.
 */
export type ScanOutcome = ScanVerdict | (Extract<ScanVerdict, { kind: 'failed' }> & { detail: string });

/**
 * ClamAV's heuristic "this file was over a limit and not scanned whole"
 * (AlertExceedsMax / --alert-exceeds-max). It says nothing about the file's
 * content: a failure, not an infection and never a clean pass.
 */
export const LIMITS_EXCEEDED = /^Heuristics\.Limits\.Exceeded/;

/** The verdict for a ClamAV "<name> FOUND" answer. */
export function foundVerdict(scanner: string, signature: string): ScanVerdict {
  return LIMITS_EXCEEDED.test(signature)
    ? { kind: 'failed', failure: 'error', reason: `not scanned whole: ${signature}` }
    : { kind: 'infected', scanner, signature };
}
