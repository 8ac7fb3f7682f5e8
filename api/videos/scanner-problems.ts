// What an admin (on Video Management) and an operator (in the start-up log) are told when
// there is no virus scanner to scan with: what is wrong, how to fix it, what happens to
// videos meanwhile. The scanner's own words (LibClamAV's errors) go to the server log only.

/** Videos are never passed unscanned: they wait in quarantine (CONTRACT: scan_unavailable). */
const MEANWHILE = 'Meanwhile videos wait in quarantine, unscanned, and are scanned automatically once it works.';

/** ClamAV is installed but has no signatures (Debian's package ships none): `freshclam` downloads them. */
export const NO_SIGNATURE_DATABASE =
  'The virus scanner has no signature database: run freshclam on the server (sudo freshclam) to download it, ' +
  `or set CLAMAV_DB to a folder that holds one. ${MEANWHILE}`;

/** No clamscan binary where it was looked for, and no clamd configured. */
export const NO_SCANNER_INSTALLED =
  'No virus scanner is installed: install ClamAV on the server (sudo apt-get install clamav, then sudo freshclam), ' +
  `or set CLAMSCAN_PATH to its clamscan, or CLAMD_SOCKET to a running clamd. ${MEANWHILE}`;
