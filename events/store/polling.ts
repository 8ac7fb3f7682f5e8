/** A background loop that `stop()` ends, once its step in progress has finished. */
export type Poller = { stop(): Promise<void> };

/**
 * Runs `step` until stopped: again at once while it reports work done (true),
 * else after `pollMs`. A step that throws is reported to `onError` and tried
 * again after `pollMs`. `firstAfterPoll` waits one interval before the first
 * step (the outbox worker leaves the server's start to the requests). The
 * subscriptions, the outbox worker and the video scan worker all run on this.
 */
export function startPolling(
  step: () => Promise<boolean>,
  {
    pollMs,
    onError,
    firstAfterPoll = false,
  }: { pollMs: number; onError: (error: unknown) => void; firstAfterPoll?: boolean },
): Poller {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let wake: (() => void) | undefined;
  const pause = () =>
    new Promise<void>((resolve) => {
      wake = resolve;
      timer = setTimeout(resolve, pollMs);
      timer.unref?.();
    });
  const loop = (async () => {
    if (firstAfterPoll) await pause();
    while (!stopped) {
      let busy = false;
      try {
        busy = await step();
      } catch (error) {
        onError(error);
      }
      if (!busy && !stopped) await pause();
    }
  })();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      wake?.();
      await loop;
    },
  };
}
