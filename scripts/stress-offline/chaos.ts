import { setTimeout as sleep } from 'node:timers/promises';
import { fireOutboxSync } from '../../e2e/support/offline.ts';
import type { ServerProcess } from '../stress-crash/server-process.ts';
import type { Device } from './device.ts';
import type { Ledger } from './ledger.ts';
import type { Random } from './random.ts';

// The chaos schedule, drawn from the seed: each phone goes offline and online and onto a 2G
// link and off it at random; right after a tap it may be reloaded or closed mid-send; the
// server is restarted once (SIGKILL or SIGTERM) on the same data and port.

const until = (stopping: () => boolean, ms: number) => sleepUnless(stopping, ms);
async function sleepUnless(stopping: () => boolean, ms: number) {
  const end = Date.now() + ms;
  while (!stopping() && Date.now() < end) await sleep(Math.min(500, end - Date.now()));
}

/** Offline for 8–30 s after 8–25 s online; each online stretch on a 2G-like link half the time. */
export async function runNetworkChaos(
  device: Device,
  random: Random,
  ledger: Ledger,
  stopping: () => boolean,
): Promise<void> {
  while (!stopping()) {
    const throttled = random.chance(0.5);
    await device.setThrottled(throttled);
    if (throttled) ledger.count('2G periods');
    await until(stopping, random.between(8_000, 25_000));
    if (stopping()) return;
    await device.setOffline(true);
    ledger.count('offline periods');
    await until(stopping, random.between(8_000, 30_000));
    await device.setOffline(false);
  }
}

/** Reloads or closes and reopens the phone; the person then finds the app where a person would. */
export async function disturb(
  device: Device,
  random: Random,
  ledger: Ledger,
  how: 'reload' | 'close' = random.chance(0.5) ? 'reload' : 'close',
) {
  if (how === 'reload') {
    ledger.count('reloads');
    await device.page.reload({ timeout: 30_000 }).catch(() => undefined);
  } else {
    ledger.count('closed and reopened');
    await device.close();
    await sleep(random.between(200, 3_000));
    await device.open();
    if (!device.offline && random.chance(0.5)) await backgroundSync(device, ledger);
    // The person opens the app again (the service worker answers even offline).
    await device.page.goto('/dashboard', { timeout: 30_000 }).catch(() => undefined);
  }
}

/**
 * The app closed, the browser wakes the service worker: Background Sync fired through the
 * DevTools protocol (as offline-outbox.spec.ts does) with only a same-origin page that runs no
 * Efie code open, then a few seconds for the worker's drain.
 */
async function backgroundSync(device: Device, ledger: Ledger) {
  const origin = new URL(device.origin).origin;
  try {
    await device.page.goto('/api/health', { timeout: 15_000 });
    await Promise.race([
      fireOutboxSync(device.context, device.page, origin),
      sleep(10_000).then(() => Promise.reject(new Error('no service worker registration in 10 s'))),
    ]);
    ledger.count('Background Sync fired with the app closed');
    await sleep(5_000);
  } catch (error) {
    ledger.note(
      `${device.name}: Background Sync not fired: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
    );
  }
}

/** After a tap: 1 time in 6, wait up to 1.5 s (the send under way), then reload or close the phone. */
export function midSend(device: Device, random: Random, ledger: Ledger) {
  return async (): Promise<boolean> => {
    if (!random.chance(1 / 6)) return false;
    await sleep(random.between(0, 1_500));
    ledger.count('interrupted mid-send');
    await disturb(device, random, ledger);
    return true;
  };
}

/** Once, between 30 % and 70 % of the run: SIGKILL or SIGTERM, then started again on the same data and port. */
export async function restartServerOnce(
  server: ServerProcess,
  random: Random,
  ledger: Ledger,
  runMs: number,
  log: (line: string) => void,
) {
  await sleep(random.between(0.3, 0.7) * runMs);
  const kill = random.chance(0.5);
  log(`server: ${kill ? 'SIGKILL' : 'SIGTERM'}, then started again`);
  if (kill) await server.kill();
  else await server.stop();
  await sleep(random.between(1_000, 5_000));
  await server.start();
  ledger.count(kill ? 'server restarts (SIGKILL)' : 'server restarts (SIGTERM)');
  log(`server: back in ${server.startMs.at(-1)} ms`);
}
