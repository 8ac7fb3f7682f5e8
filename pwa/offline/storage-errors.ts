// What a failed write to the phone's storage (IndexedDB) means, in words the person can act on.

export class StorageFullError extends Error {
  constructor(what = 'this draft could not be saved') {
    super(
      `Your phone's storage is full, so ${what}. Free some space (delete photos, videos or apps you do not need), then try again.`,
    );
    this.name = 'StorageFullError';
  }
}

/** Any other storage failure (private mode, a broken database, the browser refusing). */
export class StorageError extends Error {
  constructor(what: string, cause: unknown) {
    super(`This phone could not store it, so ${what}. Try again; if it keeps failing, close Efie and open it again.`, {
      cause,
    });
    this.name = 'StorageError';
  }
}

export const isQuotaError = (error: unknown) =>
  (error instanceof DOMException &&
    (error.name === 'QuotaExceededError' || error.name === 'NS_ERROR_DOM_QUOTA_REACHED')) ||
  (error instanceof Error && /quota/i.test(error.message));

/** Turns an IndexedDB failure into one of the errors above; `what` says what did not happen. */
export function storageFailure(error: unknown, what: string): Error {
  if (error instanceof StorageFullError) return new StorageFullError(what);
  const cause = error instanceof StorageError ? error.cause : error;
  return isQuotaError(cause) ? new StorageFullError(what) : new StorageError(what, cause);
}
