/** Attempts before a message that keeps being refused is marked failed. */
export const MAX_ATTEMPTS = 10;
/** How long a claimed message is left to its sender before another pass may take it: longer than any sender's timeout. */
export const LEASE_MS = 60_000;
/** The pause after the first refusal; it doubles after each further one, up to RETRY_CAP_MS. */
export const RETRY_STEP_MS = 30_000;
export const RETRY_CAP_MS = 30 * 60_000;

/**
 * The pause after the `attempt`-th refused send (1-based): 30 s, 1 min, 2 min, …
 * capped at 30 min, so ten attempts span about two hours and a gateway that is
 * down for a while is not hammered.
 */
export const retryDelayMs = (attempt: number): number =>
  Math.min(RETRY_STEP_MS * 2 ** Math.max(0, attempt - 1), RETRY_CAP_MS);
