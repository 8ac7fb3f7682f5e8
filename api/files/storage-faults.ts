/**
 * Whether an error means the disk (or the quota) that uploads are written to is full: ENOSPC or
 * EDQUOT from the file system, on the error or anywhere in its causes (a stream pipeline or a
 * library may wrap it). The answer is then 507 storage_full, not a 500; nothing of the upload is
 * kept, and everything else goes on working.
 */
export function isStorageFull(error: unknown): boolean {
  for (let cause = error, depth = 0; typeof cause === 'object' && cause !== null && depth < 8; depth++) {
    const code = (cause as { code?: unknown }).code;
    if (code === 'ENOSPC' || code === 'EDQUOT') return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}
