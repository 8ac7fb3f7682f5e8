import sharp from 'sharp';
import type { Page } from '@playwright/test';
import type { Catalogue } from './catalogue.ts';
import type { Device } from './device.ts';
import type { Ledger } from './ledger.ts';
import type { Random } from './random.ts';

// What a host does on one phone, through the real screens: edit a listing, tap a heart,
// list a new property with photos. Each records what the person meant at the moment of the
// tap, and whether the app confirmed it before chaos (`midSend`) reloaded or closed the phone.

/** One simulated host on one phone: the device it taps on and what the run keeps of its intentions. */
export type SimulatedHost = {
  device: Device;
  ledger: Ledger;
  random: Random;
  catalogue: Catalogue;
  /** The threads the renter started on the host's listings: where the phones write messages. */
  conversations: readonly string[];
  /** A number no other action of the run uses: makes every typed value unique. */
  unique: () => number;
  /** Chaos right after a tap: maybe reloads or closes the phone; true when it did. */
  midSend: () => Promise<boolean>;
};

const NOTICE = 'This listing changed since you opened it';

/** The form's notice: keep what this person typed (title and price), take the rest from the newer copy. */
async function settleNotice(page: Page, ledger: Ledger): Promise<void> {
  const notice = page.getByRole('region', { name: NOTICE });
  if (!(await notice.isVisible())) return;
  const differences = notice.getByRole('button', { name: 'See the differences' });
  if ((await differences.getAttribute('aria-expanded')) !== 'true') await differences.click();
  for (const label of ['Title', 'Price']) {
    const keep = notice.getByRole('button', { name: `Keep mine: ${label}`, exact: true });
    if (await keep.isVisible()) {
      await keep.click();
      ledger.count('kept mine (form)');
    }
  }
  if (await notice.isVisible()) {
    await notice.getByRole('button', { name: 'Take all theirs' }).click();
    ledger.count('took theirs (form)');
  }
}

/** Opens the edit form, types a new title and price, saves; a changed listing is settled first. */
export async function editListing(actor: SimulatedHost): Promise<void> {
  const { device, ledger, random, catalogue } = actor;
  // Mostly the listings both phones opened at the start: that is where two phones' edits meet.
  const all = catalogue.all();
  const shared = all.filter((l) => ledger.originals.has(l.id));
  const choices = shared.length > 0 && random.chance(0.85) ? shared : all;
  if (choices.length === 0) return;
  // Half the time the listing the other phone edited last: the conflicts a person with two phones makes.
  const otherPhone = ledger.commitments.filter((c) => c.device !== device.name && c.via === 'save').at(-1);
  const followed = otherPhone && random.chance(0.5) ? catalogue.get(otherPhone.propertyId) : undefined;
  const listing = followed ?? random.pick(choices);
  const page = device.page;
  await page.goto(`/property/${listing.id}/edit`);
  const title = page.getByLabel('Title *');
  try {
    await page.getByRole('heading', { name: 'Edit Property' }).waitFor({ timeout: 20_000 });
    await title.waitFor({ timeout: 10_000 });
  } catch {
    ledger.count('edit skipped (form not available on the phone)');
    return;
  }
  const n = actor.unique();
  const values = { title: `Chaos flat ${device.name} edit ${n}`, pricePerNight: 1000 + n };
  await title.fill(values.title);
  await page.getByLabel('Price *').fill(String(values.pricePerNight));
  const saved = new RegExp(`/property/${listing.id}$`);
  // Said on the form when nothing was sent: the save held back, or refused online (409), or failed.
  const notSent = page.getByText(/Nothing was saved|nothing was sent|Failed to update property/);
  for (let round = 0; round < 3; round++) {
    await settleNotice(page, ledger);
    const before = await notSent.count();
    const made = ledger.saveEdit(device.name, listing.id, values, Date.now());
    await page.getByRole('button', { name: 'Save Changes' }).click();
    ledger.count(round === 0 ? 'edit' : 'edit saved again after settling');
    if (device.offline) ledger.count('edit saved while offline');
    if (round === 0 && (await actor.midSend())) return;
    const outcome = await firstOf(60_000, [
      [() => saved.test(new URL(page.url()).pathname), 'saved'],
      [async () => (await notSent.count()) > before, 'not sent'],
    ]);
    if (outcome === 'saved') {
      for (const c of made) c.certain = true;
      return;
    }
    if (outcome === undefined) {
      ledger.note(`${device.name}: edit of ${listing.id}: no answer on screen after 60 s`);
      return;
    }
    // Nothing was sent, and the form says so: this tap meant nothing; the person settles and saves again.
    for (const c of made) c.cancelled = true;
    ledger.count('edit not sent, said on the form');
  }
}

/** The label of the first condition to hold, polled every 250 ms for at most `ms`. */
export async function firstOf<T extends string>(
  ms: number,
  conditions: [() => boolean | Promise<boolean>, T][],
): Promise<T | undefined> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    for (const [holds, label] of conditions) if (await holds()) return label;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return undefined;
}

/** Taps the heart of one of this phone's listings on its page. */
export async function toggleFavourite(actor: SimulatedHost): Promise<void> {
  const { device, ledger, random, catalogue } = actor;
  const mine = catalogue.live().filter((l) => l.favouritesOf === device.name);
  if (mine.length === 0) return;
  const listing = random.pick(mine);
  const page = device.page;
  await page.goto(`/property/${listing.id}`);
  const heading = page.getByRole('heading', { level: 1 });
  try {
    await heading.waitFor({ timeout: 20_000 });
  } catch {
    ledger.count('favourite skipped (listing not available on the phone)');
    return;
  }
  const shown = (await heading.textContent())?.trim() ?? '';
  const save = page.getByRole('button', { name: `Save ${shown}`, exact: true });
  const remove = page.getByRole('button', { name: `Remove ${shown} from saved properties`, exact: true });
  const heart = await Promise.race([
    save.waitFor().then(() => 'save' as const),
    remove.waitFor().then(() => 'remove' as const),
  ]).catch(() => undefined);
  if (!heart) {
    ledger.count('favourite skipped (no heart shown)');
    return;
  }
  const wanted = heart === 'save';
  const tap = ledger.tapFavourite(device.name, listing.id, wanted, Date.now());
  await (wanted ? save : remove).click();
  ledger.count(wanted ? 'favourite: save' : 'favourite: remove');
  if (device.offline) ledger.count('favourite tapped while offline');
  if (await actor.midSend()) return;
  await (wanted ? remove : save).waitFor({ timeout: 10_000 }).then(
    () => (tap.certain = true),
    () => ledger.note(`${device.name}: the heart of ${listing.id} did not turn`),
  );
}

const photo = (red: number) =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r: red, g: 90, b: 40 } } })
    .jpeg()
    .toBuffer();

/** Lists a new property through the wizard with one or two photos. */
export async function submitListing(actor: SimulatedHost): Promise<void> {
  const { device, ledger, random } = actor;
  const page = device.page;
  await page.goto('/list-property');
  try {
    await page.getByRole('heading', { name: 'List Your Property' }).waitFor({ timeout: 20_000 });
  } catch {
    ledger.count('create skipped (wizard not available on the phone)');
    return;
  }
  const n = actor.unique();
  const marker = `chaos-submission-${device.name}-${n}`;
  const title = `Chaos new flat ${device.name} ${n}`;
  const price = 1000 + n;
  await page.getByLabel('Title *').fill(title);
  await page.getByLabel('Description *').fill(`Two rooms near the lorry station (${marker}).`);
  await page.getByRole('button', { name: 'Next' }).click();
  // The town is typed and picked from the list of Ghana's towns (as e2e/support/wizard.ts's pickPlace).
  const town = page.getByRole('combobox', { name: 'Town *' });
  await town.fill('Kum');
  await page
    .getByRole('listbox', { name: 'Town' })
    .getByRole('option', { name: /^Kumasi(,|$)/ })
    .click();
  await page.getByLabel('Price *').fill(String(price));
  await page.getByRole('button', { name: 'Next' }).click();
  const photos = random.int(1, 2);
  const files = await Promise.all(
    Array.from({ length: photos }, async (_, i) => ({
      name: `room-${i}.jpg`,
      mimeType: 'image/jpeg',
      buffer: await photo(random.int(0, 255)),
    })),
  );
  await page.getByLabel(/^Photos/).setInputFiles(files);
  await page
    .getByRole('list', { name: 'Uploaded photos' })
    .getByRole('listitem')
    .nth(photos - 1)
    .waitFor();
  const submission = ledger.submit(device.name, marker, title, price, Date.now());
  await page.getByRole('button', { name: 'Submit Listing' }).click();
  ledger.count('create');
  if (device.offline) ledger.count('create submitted while offline');
  if (await actor.midSend()) return;
  const outcome = await Promise.race([
    page.waitForURL(/\/(images-pending-approval|dashboard)/, { timeout: 90_000 }).then(() => 'done' as const),
    page
      .getByText(/Failed to list property|Listing not submitted/)
      .first()
      .waitFor({ timeout: 90_000 })
      .then(() => 'refused' as const),
  ]).catch(() => 'still submitting' as const);
  if (outcome === 'done') submission.certain = true;
  else if (outcome === 'refused') {
    // Said on the form, with the draft back in the person's hands: a refusal they saw.
    submission.cancelled = true;
    ledger.count('create refused on the form');
    ledger.note(`${device.name}: submission ${marker} refused on the form`);
  } else ledger.note(`${device.name}: submission ${marker}: ${outcome}`);
}
