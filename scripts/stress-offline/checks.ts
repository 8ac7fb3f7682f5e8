import type { Listing } from './api-reads.ts';
import type { Leftovers } from './drain.ts';
import { EDIT_FIELDS, type Commitment, type FavouriteTap, type Ledger } from './ledger.ts';

// The server's state (read through the API) against what the person meant on each phone.
//
// For a field (or a favourite) the meant value is the one of the person's last tap that the
// app confirmed, or of any tap after it that chaos left unconfirmed (either may be what they
// got); taps refused on screen and discarded by the person do not count, and a discard of a
// refused edit makes the listing's value at that moment one they accepted. A value other than
// these is "reverted" when it is an older one (an earlier save, the starting value) and "lost"
// otherwise.

export type Findings = {
  lost: string[];
  doubled: string[];
  reverted: string[];
  unsentUnexplained: string[];
  unsentShown: string[];
  checked: Record<string, number>;
};

type Tap = { at: number; seq: number; certain: boolean; cancelled: boolean; via?: Commitment['via'] };

/** The values a person may have ended with: from the last confirmed (own) tap on. */
function acceptable<T extends Tap>(taps: T[], start: unknown, valueIn: (t: T) => unknown): unknown[] {
  const live = taps.filter((t) => !t.cancelled).sort((a, b) => a.at - b.at || a.seq - b.seq);
  const anchor = live.findLastIndex((t) => t.certain && t.via !== 'accepted');
  const accepted = live.findLastIndex((t) => t.certain);
  const from = anchor >= 0 ? anchor : accepted;
  return from >= 0 ? live.slice(from).map(valueIn) : [start, ...live.map(valueIn)];
}

function checkEdits(ledger: Ledger, server: Map<string, Listing>, f: Findings) {
  for (const [id, listing] of server) {
    const submitted = ledger.submissions.find((s) => listing.description.includes(`(${s.marker})`));
    const start =
      ledger.originals.get(id) ?? (submitted && { title: submitted.title, pricePerNight: submitted.pricePerNight });
    for (const field of EDIT_FIELDS) {
      const commitments = ledger.commitments.filter((c) => c.propertyId === id && c.field === field);
      if (commitments.length === 0) continue;
      f.checked['listing fields'] = (f.checked['listing fields'] ?? 0) + 1;
      const now = listing[field];
      const ok = acceptable(commitments, start?.[field], (c) => c.value);
      if (ok.includes(now)) continue;
      const wanted = ok.map((value) => JSON.stringify(value)).join(' or ');
      const older = now === start?.[field] || commitments.some((c) => c.value === now);
      (older ? f.reverted : f.lost).push(
        `${id} ${field}: the server holds ${JSON.stringify(now)}, the person meant ${wanted}`,
      );
    }
  }
}

function checkFavourites(ledger: Ledger, live: Set<string>, favourites: Set<string>, f: Findings) {
  const byListing = new Map<string, FavouriteTap[]>();
  for (const tap of ledger.taps) byListing.set(tap.propertyId, [...(byListing.get(tap.propertyId) ?? []), tap]);
  for (const [id, taps] of byListing) {
    if (!live.has(id)) {
      f.checked['favourites not readable (listing not live)'] =
        (f.checked['favourites not readable (listing not live)'] ?? 0) + 1;
      continue;
    }
    f.checked.favourites = (f.checked.favourites ?? 0) + 1;
    const now = favourites.has(id);
    const ok = acceptable(taps, false, (t) => t.favourite);
    if (ok.includes(now)) continue;
    const older = taps.some((t) => t.favourite === now && !t.cancelled);
    (older ? f.reverted : f.lost).push(
      `favourite ${id}: the server says ${now ? 'saved' : 'not saved'}, the person's last tap (${taps[0]!.device}) meant ${ok.join(' or ')}`,
    );
  }
}

function checkCreates(ledger: Ledger, mine: Listing[], leftovers: Leftovers[], f: Findings) {
  const markerOf = (description: string) => /chaos-submission-[\w-]+-\d+/.exec(description)?.[0];
  const byMarker = new Map<string, Listing[]>();
  for (const listing of mine) {
    const marker = markerOf(listing.description);
    if (marker) byMarker.set(marker, [...(byMarker.get(marker) ?? []), listing]);
  }
  const inDrafts = new Set(leftovers.flatMap((l) => l.openDrafts.map(markerOf).filter((m) => m !== undefined)));
  const queued = new Set(
    leftovers.flatMap((l) =>
      [...l.shown, ...l.unexplained]
        .map((item) => markerOf(item.body?.description ?? ''))
        .filter((m) => m !== undefined),
    ),
  );
  for (const s of ledger.submissions) {
    f.checked.submissions = (f.checked.submissions ?? 0) + 1;
    const made = byMarker.get(s.marker) ?? [];
    if (made.length > 1)
      f.doubled.push(`${s.marker} ("${s.title}"): ${made.length} listings (${made.map((l) => l.id).join(', ')})`);
    if (made.length > 0 || s.cancelled || queued.has(s.marker)) continue;
    if (inDrafts.has(s.marker)) f.unsentShown.push(`${s.marker}: back under "Your drafts" on ${s.device}`);
    else
      f.lost.push(
        `${s.marker} ("${s.title}", ${s.certain ? 'confirmed by the app' : 'tapped, then the phone was disturbed'}): no listing, no draft, nothing queued`,
      );
  }
  for (const [marker, listings] of byMarker) {
    if (!ledger.submissions.some((s) => s.marker === marker))
      f.doubled.push(`${marker}: ${listings.length} listings nobody submitted`);
  }
}

function checkAdmin(ledger: Ledger, server: Map<string, Listing>, f: Findings) {
  for (const field of ['isActive', 'isVerified'] as const) {
    const last = new Map<string, boolean>();
    for (const a of ledger.admin.filter((x) => x.field === field).sort((x, y) => x.seq - y.seq))
      last.set(a.propertyId, a.value);
    for (const [id, value] of last) {
      f.checked['admin decisions'] = (f.checked['admin decisions'] ?? 0) + 1;
      const listing = server.get(id);
      if (listing && listing[field] !== value)
        f.reverted.push(`${id} ${field}: the server holds ${listing[field]}, the admin's last decision was ${value}`);
    }
  }
}

export function compare(ledger: Ledger, mine: Listing[], favourites: Listing[], leftovers: Leftovers[]): Findings {
  const f: Findings = { lost: [], doubled: [], reverted: [], unsentUnexplained: [], unsentShown: [], checked: {} };
  const server = new Map(mine.map((l) => [l.id, l]));
  checkEdits(ledger, server, f);
  checkFavourites(
    ledger,
    new Set(mine.filter((l) => l.isActive && l.isVerified).map((l) => l.id)),
    new Set(favourites.map((l) => l.id)),
    f,
  );
  checkCreates(ledger, mine, leftovers, f);
  checkAdmin(ledger, server, f);
  for (const l of leftovers) {
    for (const item of l.unexplained)
      f.unsentUnexplained.push(`${l.device}: ${item.kind} "${item.label}" still waiting, nothing on screen says why`);
    for (const item of l.shown)
      f.unsentShown.push(
        `${l.device}: ${item.kind} "${item.label}" ${item.needsSignIn ? 'waits for a sign-in' : `shown as not sent (${item.httpStatus ?? 'no answer'})`}`,
      );
  }
  return f;
}
