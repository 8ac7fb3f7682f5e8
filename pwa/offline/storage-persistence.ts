// Asks once for persistent storage, so the browser does not evict drafts and queued actions
// under pressure. Asked when the first draft is saved or the first item of any kind is queued.

let asked = false;
export async function askForPersistentStorage() {
  if (asked || typeof navigator === 'undefined') return;
  asked = true;
  try {
    if (navigator.storage?.persisted && !(await navigator.storage.persisted())) await navigator.storage.persist();
  } catch {
    // Not granted or not supported: everything still works, it is only evictable.
  }
}
