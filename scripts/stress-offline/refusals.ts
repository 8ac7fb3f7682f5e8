import type { APIRequestContext, Page } from '@playwright/test';
import * as v from 'valibot';
import { ListingSchema } from './api-reads.ts';
import type { Device } from './device.ts';
import { EDIT_FIELDS, type EditValues, type Ledger } from './ledger.ts';
import { readOutbox, type StoredItem } from './phone-storage.ts';
import type { Random } from './random.ts';

// The person reads "N not sent" under the header and answers each refused item as a person
// would: a 409 edit is sent again on the new version or discarded (two taps), a favourite the
// server refused is discarded, an item that failed without an answer is tried again. Every
// choice goes into the ledger: a discard is a refusal the person saw and accepted.

/** The fields a refused edit changed (its values against those it was based on). */
function changedValues(item: StoredItem): EditValues {
  const values: EditValues = {};
  for (const field of EDIT_FIELDS) {
    const mine = item.body?.[field];
    if (mine !== undefined && (item.baseValues === undefined || item.baseValues[field] !== mine)) values[field] = mine;
  }
  return values;
}

async function listingNow(api: APIRequestContext, id: string) {
  const response = await api.get(`/api/properties/${id}`, { timeout: 15_000 });
  return v.parse(ListingSchema, await response.json());
}

async function openPanel(page: Page) {
  const bar = page.getByRole('button', { name: /not sent/ });
  if (!(await bar.isVisible())) return undefined;
  if ((await bar.getAttribute('aria-expanded')) !== 'true') await bar.click();
  const panel = page.getByRole('list', { name: 'Waiting to send' });
  // The rows load when the list is first opened (refused-rows-loaders.ts): wait for them to be drawn.
  await panel
    .getByRole('listitem')
    .first()
    .waitFor({ timeout: 10_000 })
    .catch(() => undefined);
  return panel;
}

/** Answers every refused item of `ownerId` on this phone; returns how many were answered. */
export async function answerRefusals(device: Device, ownerId: string, ledger: Ledger, random: Random): Promise<number> {
  const page = device.page;
  if (!page.url().startsWith('http')) return 0;
  const refused = (await readOutbox(page, ownerId)).filter((item) => item.status === 'failed');
  if (refused.length === 0) return 0;
  const panel = await openPanel(page);
  if (!panel) return 0;
  let answered = 0;
  for (const item of refused) {
    const row = panel
      .getByRole('listitem')
      .filter({ has: page.getByText(item.label, { exact: true }) })
      .first();
    if (
      !(await row.waitFor({ timeout: 5_000 }).then(
        () => true,
        () => false,
      ))
    )
      continue;
    if (item.kind === 'edit-listing' && item.propertyId) {
      const values = changedValues(item);
      const sendMine = row.getByRole('button', { name: 'Send mine on the new version' });
      if (
        item.httpStatus === 409 &&
        random.chance(0.7) &&
        (await sendMine.waitFor({ timeout: 10_000 }).then(
          () => true,
          () => false,
        ))
      ) {
        const made = ledger.saveEdit(device.name, item.propertyId, values, Date.now(), 'send-mine');
        await sendMine.click();
        for (const c of made) c.certain = true;
        ledger.count('409: send mine on the new version');
      } else {
        // What the person accepts instead: the listing as it is now, which the row shows beside theirs.
        const now = await listingNow(device.context.request, item.propertyId);
        await row.getByRole('button', { name: 'Discard my changes' }).click();
        await row.getByRole('button', { name: 'Yes, discard them' }).click();
        ledger.discardEdit(device.name, item.propertyId, values, now, Date.now());
        ledger.count(
          item.httpStatus === 409
            ? '409: discard my changes'
            : `edit refused ${item.httpStatus ?? 'without an answer'}: discarded`,
        );
      }
      answered++;
    } else if (item.httpStatus === undefined) {
      await row.getByRole('button', { name: 'Try again' }).first().click();
      ledger.count(`${item.kind} not sent without an answer: try again`);
      answered++;
    } else if (item.kind === 'favorite' && item.propertyId && item.favorite !== undefined) {
      await row.getByRole('button', { name: 'Discard' }).click();
      ledger.discardFavourite(device.name, item.propertyId, item.favorite);
      ledger.count(`favourite refused ${item.httpStatus}: discarded`);
      answered++;
    } else {
      // A new listing the server refused stays shown with Fix and Discard: left for the summary.
      ledger.note(`${device.name}: ${item.kind} "${item.label}" refused with ${item.httpStatus}, left shown`);
    }
  }
  return answered;
}
