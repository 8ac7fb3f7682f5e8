// Uploads this person started here and never finished (the page was reloaded, the phone
// killed the app): tus-js-client keeps each one's URL in localStorage under
// `tus::<fingerprint>::<n>` with `{size, metadata, creationTime, uploadUrl}`. Read directly so
// that showing them costs no download of tus-js-client; resuming needs the file itself, which
// the page cannot keep, so the host picks it again and the upload goes on from the server's offset.

export type UnfinishedUpload = {
  storageKey: string;
  name: string;
  size: number;
  uploadUrl: string | null;
  startedAt: string;
};

/** The entries of `slotKey`'s place, newest first. */
export function parseUnfinished(entries: Iterable<[string, string | null]>, slotKey: string): UnfinishedUpload[] {
  const prefix = `tus::${slotKey}|`;
  const found: UnfinishedUpload[] = [];
  for (const [storageKey, value] of entries) {
    if (!storageKey.startsWith(prefix) || !value) continue;
    try {
      const stored = JSON.parse(value) as {
        size?: unknown;
        metadata?: { filename?: unknown };
        uploadUrl?: unknown;
        creationTime?: unknown;
      };
      found.push({
        storageKey,
        name: typeof stored.metadata?.filename === 'string' ? stored.metadata.filename : 'video',
        size: typeof stored.size === 'number' ? stored.size : 0,
        uploadUrl: typeof stored.uploadUrl === 'string' ? stored.uploadUrl : null,
        startedAt: typeof stored.creationTime === 'string' ? stored.creationTime : '',
      });
    } catch {
      // Not ours to understand: left alone.
    }
  }
  return found.sort((a, b) => (Date.parse(b.startedAt) || 0) - (Date.parse(a.startedAt) || 0));
}

function storageEntries(): [string, string | null][] {
  try {
    const entries: [string, string | null][] = [];
    for (let index = 0; index < localStorage.length; index++) {
      const key = localStorage.key(index);
      if (key?.startsWith('tus::')) entries.push([key, localStorage.getItem(key)]);
    }
    return entries;
  } catch {
    return [];
  }
}

export const unfinishedUploads = (slotKey: string) => parseUnfinished(storageEntries(), slotKey);

/** Asks the server to delete the part it holds (tus termination), and forgets it here. */
export async function discardUnfinished(upload: UnfinishedUpload): Promise<void> {
  if (upload.uploadUrl) {
    const url = upload.uploadUrl;
    await import('tus-js-client').then((tus) => tus.Upload.terminate(url)).catch(() => undefined);
  }
  try {
    localStorage.removeItem(upload.storageKey);
  } catch {
    // Storage gone: nothing to forget.
  }
}
