import type { UseStore } from 'idb-keyval';

// One IndexedDB transaction whose failure is the real error: an exception thrown while it
// runs (a put refused for quota, say) aborts it, and the promise rejects with that exception,
// not with the transaction's bare abort (whose error is null).

/** Runs `fn` as a request callback; an exception in it aborts the transaction with that error. */
export type Guard = (fn: () => void) => () => void;

export function transact(
  useStore: UseStore,
  mode: IDBTransactionMode,
  body: (store: IDBObjectStore, guard: Guard) => void,
): Promise<void> {
  // biome-ignore lint/correctness/useHookAtTopLevel: idb-keyval's UseStore runs a transaction on its store; it is no React hook.
  return useStore(
    mode,
    (store) =>
      new Promise<void>((resolve, reject) => {
        const transaction = store.transaction;
        let thrown: unknown;
        const fail = (error: unknown) => {
          thrown ??= error;
          try {
            transaction.abort();
          } catch {
            // Already finished or aborted.
          }
        };
        const guard: Guard = (fn) => () => {
          try {
            fn();
          } catch (error) {
            fail(error);
          }
        };
        transaction.oncomplete = () => resolve();
        transaction.onabort = transaction.onerror = () =>
          reject(thrown ?? transaction.error ?? new DOMException('The storage transaction was aborted', 'AbortError'));
        guard(() => body(store, guard))();
      }),
  );
}
