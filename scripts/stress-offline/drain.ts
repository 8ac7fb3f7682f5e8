import { setTimeout as sleep } from 'node:timers/promises';
import type { Device } from './device.ts';
import type { Ledger } from './ledger.ts';
import { readOpenDraftDescriptions, readOutbox, type StoredItem } from './phone-storage.ts';
import type { Random } from './random.ts';
import { answerRefusals } from './refusals.ts';

export type Leftovers = {
  device: string;
  /** Still waiting after the bounded wait, with nothing on screen saying why. */
  unexplained: StoredItem[];
  /** Still there, but shown with a reason (a refusal row, "sign in to send"). */
  shown: StoredItem[];
  /** Descriptions of drafts "Your drafts" offers: a listing left there is visible to the person. */
  openDrafts: string[];
  drainedInMs: number;
};

/**
 * The end: the phone online on a good link, the app opened; the person answers refusals and
 * waits (reopening the app now and then, as a person would) until the outbox is empty or holds
 * only items shown with a reason, for at most `boundMs`.
 */
export async function drainPhone(
  device: Device,
  ownerId: string,
  ledger: Ledger,
  random: Random,
  boundMs: number,
): Promise<Leftovers> {
  const started = Date.now();
  await device.setOffline(false);
  await device.setThrottled(false);
  if (!device.isOpen) await device.open();
  const page = device.page;
  await page.goto('/dashboard');
  let items: StoredItem[] = [];
  let lastReload = Date.now();
  while (Date.now() - started < boundMs) {
    items = await readOutbox(page, ownerId);
    const waiting = items.filter((item) => item.status !== 'failed' && !item.needsSignIn);
    if (items.length === 0) break;
    if (waiting.length === 0 && (await answerRefusals(device, ownerId, ledger, random).catch(() => 0)) === 0) break;
    if (Date.now() - lastReload > 20_000) {
      await page.goto('/dashboard').catch(() => undefined);
      lastReload = Date.now();
    }
    await sleep(2_000);
  }
  items = await readOutbox(page, ownerId);
  return {
    device: device.name,
    unexplained: items.filter((item) => item.status !== 'failed' && !item.needsSignIn),
    shown: items.filter((item) => item.status === 'failed' || item.needsSignIn),
    openDrafts: await readOpenDraftDescriptions(page),
    drainedInMs: Date.now() - started,
  };
}
