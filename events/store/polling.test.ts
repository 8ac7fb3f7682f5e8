import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startPolling } from './polling.ts';

// Alone in its file, so every fake timer here is the poller's: nothing else in the process sets one.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('startPolling', () => {
  it('steps again at once while there is work, then every pollMs, and leaves no timer once stopped', async () => {
    const work = [true, true, false, false];
    let steps = 0;
    const poller = startPolling(async () => work[steps++] ?? false, { pollMs: 1000, onError: () => {} });
    await vi.advanceTimersByTimeAsync(0);
    expect(steps).toBe(3);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(steps).toBe(4);
    await poller.stop();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(steps).toBe(4);
  });

  it('waits one interval before the first step when asked, and a stop during that wait runs no step', async () => {
    let steps = 0;
    const poller = startPolling(
      async () => {
        steps += 1;
        return false;
      },
      { pollMs: 1000, onError: () => {}, firstAfterPoll: true },
    );
    await vi.advanceTimersByTimeAsync(999);
    expect(steps).toBe(0);
    await poller.stop();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(steps).toBe(0);
  });

  it('reports a step that throws and tries again after pollMs', async () => {
    const errors: unknown[] = [];
    let steps = 0;
    const poller = startPolling(
      async () => {
        steps += 1;
        if (steps === 1) throw new Error('database gone');
        return false;
      },
      { pollMs: 1000, onError: (error) => errors.push(error) },
    );
    await vi.advanceTimersByTimeAsync(0);
    expect([steps, errors.length]).toEqual([1, 1]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(steps).toBe(2);
    await poller.stop();
  });

  it('waits for the step in progress when stopped during the very first one, and runs no other', async () => {
    let finishStep!: () => void;
    let steps = 0;
    const poller = startPolling(
      () => {
        steps += 1;
        return new Promise<boolean>((resolve) => (finishStep = () => resolve(true)));
      },
      { pollMs: 1000, onError: () => {} },
    );
    expect(steps).toBe(1);
    let stopped = false;
    const stopping = poller.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finishStep();
    await stopping;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(steps).toBe(1);
  });
});
