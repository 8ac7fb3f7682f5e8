import { setTimeout as sleep } from 'node:timers/promises';
import type { APIRequestContext } from '@playwright/test';
import { approveListing, readAdminListings, setListingVisible } from './api-reads.ts';
import type { Catalogue } from './catalogue.ts';
import { disturb } from './chaos.ts';
import { editListing, submitListing, toggleFavourite, type SimulatedHost } from './host-actions.ts';
import type { Ledger } from './ledger.ts';
import type { Random } from './random.ts';
import { sendMessage } from './message-actions.ts';
import { answerRefusals } from './refusals.ts';

const firstLine = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 200);

/**
 * One phone of the host: an action (an edit, a heart, a new listing, a message) every 0.5–3 s
 * until the run ends, answering refusals on the way.
 */
export async function runHostPhone(actor: SimulatedHost, ownerId: string, stopping: () => boolean): Promise<void> {
  const { device, ledger, random } = actor;
  while (!stopping()) {
    try {
      if (!device.isOpen) await device.open();
      const draw = random.next();
      if (draw < 0.45) await editListing(actor);
      else if (draw < 0.62) await toggleFavourite(actor);
      else if (draw < 0.7) await submitListing(actor);
      else if (draw < 0.9) await sendMessage(actor);
      else await disturb(device, random, ledger);
      if (random.chance(0.5)) await answerRefusals(device, ownerId, ledger, random);
    } catch (error) {
      ledger.count('actions cut short (page closed, element gone, timeout)');
      ledger.note(`${device.name}: ${firstLine(error)}`);
      if (!device.isOpen || device.page.isClosed())
        await device
          .close()
          .then(() => device.open())
          .catch(() => undefined);
    }
    await sleep(random.between(500, 3_000));
  }
}

/** The admin: approves pending listings, hides a live one now and then and shows it again later. */
export async function runAdmin(
  admin: APIRequestContext,
  catalogue: Catalogue,
  ledger: Ledger,
  random: Random,
  stopping: () => boolean,
): Promise<void> {
  while (!stopping()) {
    await sleep(random.between(4_000, 10_000));
    if (stopping()) return;
    try {
      catalogue.update(await readAdminListings(admin, 'all'));
      const pending = catalogue.all().filter((l) => !l.isVerified);
      if (pending.length > 0 && random.chance(0.7)) {
        const listing = random.pick(pending);
        await approveListing(admin, listing.id);
        ledger.adminDid(listing.id, 'isVerified', true);
        ledger.count('admin: approve');
      }
      const hidden = catalogue.all().filter((l) => !l.isActive && (l.hiddenAt ?? 0) < Date.now() - 20_000);
      if (hidden.length > 0 && random.chance(0.5)) {
        const listing = random.pick(hidden);
        await setListingVisible(admin, listing.id, true);
        ledger.adminDid(listing.id, 'isActive', true);
        ledger.count('admin: show again');
      } else if (
        catalogue.all().filter((l) => !l.isActive).length < 2 &&
        catalogue.live().length > 2 &&
        random.chance(0.25)
      ) {
        const listing = random.pick(catalogue.live());
        await setListingVisible(admin, listing.id, false);
        catalogue.markHidden(listing.id, Date.now());
        ledger.adminDid(listing.id, 'isActive', false);
        ledger.count('admin: hide');
      }
    } catch (error) {
      ledger.count('admin: call failed (server restarting)');
      ledger.note(`admin: ${firstLine(error)}`);
    }
  }
}

/** At the end: every pending listing approved, every hidden one shown, so every favourite can be read back. */
export async function settleAsAdmin(admin: APIRequestContext, catalogue: Catalogue, ledger: Ledger): Promise<void> {
  catalogue.update(await readAdminListings(admin, 'all'));
  for (const listing of catalogue.all()) {
    if (!listing.isVerified) {
      await approveListing(admin, listing.id);
      ledger.adminDid(listing.id, 'isVerified', true);
    }
    if (!listing.isActive) {
      await setListingVisible(admin, listing.id, true);
      ledger.adminDid(listing.id, 'isActive', true);
    }
  }
  catalogue.update(await readAdminListings(admin, 'all'));
}
