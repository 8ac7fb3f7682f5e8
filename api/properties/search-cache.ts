import type { SqlClient } from '../../events/store/sql.ts';

/** Listing writes made by this process: the routes call listingsChanged() once a write has committed. */
let localEpoch = 0;
export const listingsChanged = () => {
  localEpoch++;
};

/** How long a generation token read from the database is trusted when this process wrote nothing since. */
export const TOKEN_MAX_AGE_MS = 50;

/**
 * Search answers kept in memory, keyed by the validated query. Each lookup
 * reads the properties read model's generation token (one primary-key read);
 * an answer computed under another token is stale and computed again. So a
 * listing change made by this process shows in the very next search; one made
 * by another process within TOKEN_MAX_AGE_MS (the token is read at most that
 * often, so a busy server does not ask the database on every search). Owner
 * names come from the users read model, which has no token: they may lag by `ttlMs`.
 */
export function createSearchCache<T>(db: SqlClient, { maxEntries = 2000, ttlMs = 30_000, now = () => Date.now() } = {}) {
  const entries = new Map<string, { token: string; at: number; value: T }>();
  let memo: { token: Promise<string>; at: number; epoch: number } | undefined;
  const generation = (): Promise<string> => {
    if (memo && memo.epoch === localEpoch && now() - memo.at < TOKEN_MAX_AGE_MS) return memo.token;
    const token = db
      .query<{ token: string }>(`select token from read_model_generations where name = 'properties'`)
      .then((rows) => rows[0]?.token ?? '');
    memo = { token, at: now(), epoch: localEpoch };
    token.catch(() => {
      memo = undefined;
    });
    return token;
  };
  return {
    async get(key: string, compute: () => Promise<T>): Promise<T> {
      const token = await generation();
      const hit = entries.get(key);
      if (hit && hit.token === token && now() - hit.at < ttlMs) {
        // Map order is insertion order: re-inserting keeps the most used at the end.
        entries.delete(key);
        entries.set(key, hit);
        return hit.value;
      }
      const value = await compute();
      entries.delete(key);
      entries.set(key, { token, at: now(), value });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      return value;
    },
    clear: () => entries.clear(),
  };
}
