import type { Config } from '../env.ts';
import { createClamdScanner } from './clamd-scanner.ts';
import { createClamscanScanner } from './clamscan-scanner.ts';
import type { VirusScanner } from './virus-scanner.ts';

/** clamd's default TCP port, when CLAMD_HOST comes without CLAMD_PORT. */
export const CLAMD_DEFAULT_PORT = 3310;

/**
 * clamd when CLAMD_SOCKET or CLAMD_HOST is set (streamed with INSTREAM), else
 * the clamscan binary (CLAMSCAN_PATH, or `clamscan` on the PATH, with CLAMAV_DB
 * when set). With neither reachable every scan fails as `unavailable` and the
 * videos wait in quarantine (CONTRACT: scan_unavailable).
 */
export function createVirusScanner(clamav: Config['clamav']): VirusScanner {
  if (clamav.socket) return createClamdScanner({ address: { socket: clamav.socket } });
  if (clamav.host)
    return createClamdScanner({ address: { host: clamav.host, port: clamav.port ?? CLAMD_DEFAULT_PORT } });
  return createClamscanScanner({ path: clamav.clamscanPath ?? 'clamscan', database: clamav.database });
}
