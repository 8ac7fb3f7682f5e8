import type { Listing } from './api-reads.ts';
import type { Leftovers } from './drain.ts';
import { EDIT_FIELDS, markerOfMessage, type Commitment, type FavouriteTap, type Ledger } from './ledger.ts';

// The server's state (read through the API) against what the person meant on each phone.
//
// For a field (or a favourite) the meant value is the one of the person's last tap that the
// app confirmed, or of any tap after it that chaos left unconfirmed (either may be what they
// got); taps refused on screen and discarded by the person do not count, and a discard of a
// refused edit makes the listing's value at that moment one they accepted. A value other than
// these is "reverted" when it is an older one (an earlier save, the starting value) and "lost"
// otherwise.
//
// A message is lost when it was meant (Send pressed, not refused on screen) and its thread does
// not hold it, nor does an outbox still keep it (those follow the rules of unsent items); it is
// doubled when its thread holds its text more than once, or holds a marked message nobody sent.

export type Findings = {
  lost: string[];
  doubled: string[];
  reverted: string[];
  lostMessages: string[];
  doubledMessages: string[];
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

/** Each thread's messages, by conversation id, as the API answers them after the drain. */
export type Threads = Map<string, { text: string }[]>;

function checkMessages(ledger: Ledger, threads: Threads, leftovers: Leftovers[], f: Findings) {
  const queued = new Set(
    leftovers.flatMap((l) =>
      [...l.shown, ...l.unexplained]
        .filter((item) => item.kind === 'conversation-message')
        .map((item) => markerOfMessage(item.text ?? ''))
        .filter((m) => m !== undefined),
    ),
  );
  const times = new Map<string, number>();
  for (const [id, messages] of threads)
    for (const { text } of messages) {
      const marker = markerOfMessage(text);
      if (marker) times.set(`${id} ${marker}`, (times.get(`${id} ${marker}`) ?? 0) + 1);
    }
  const sent = new Set<string>();
  for (const m of ledger.messages) {
    const marker = markerOfMessage(m.text);
    if (!marker) continue;
    f.checked.messages = (f.checked.messages ?? 0) + 1;
    const key = `${m.conversationId} ${marker}`;
    sent.add(key);
    const n = times.get(key) ?? 0;
    if (n > 1) f.doubledMessages.push(`${marker} (${m.device}): ${n} times in thread ${m.conversationId}`);
    if (n > 0 || m.cancelled || queued.has(marker)) continue;
    f.lostMessages.push(
      `${marker} (${m.device}, ${m.certain ? 'shown in the thread by the app' : 'Send pressed, then the phone was disturbed'}): not in thread ${m.conversationId}, nothing queued`,
    );
  }
  for (const [key, n] of times) if (!sent.has(key)) f.doubledMessages.push(`${key}: ${n} message(s) nobody sent`);
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

export function compare(
  ledger: Ledger,
  mine: Listing[],
  favourites: Listing[],
  leftovers: Leftovers[],
  threads: Threads = new Map(),
): Findings {
  const f: Findings = {
    lost: [],
    doubled: [],
    reverted: [],
    lostMessages: [],
    doubledMessages: [],
    unsentUnexplained: [],
    unsentShown: [],
    checked: {},
  };
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
  checkMessages(ledger, threads, leftovers, f);
  // A message's label names only its listing: its marker tells which message it is.
  const named = (item: Leftovers['shown'][number]) =>
    item.kind === 'conversation-message' ? `${item.label}: ${markerOfMessage(item.text ?? '')}` : item.label;
  for (const l of leftovers) {
    for (const item of l.unexplained)
      f.unsentUnexplained.push(`${l.device}: ${item.kind} "${named(item)}" still waiting, nothing on screen says why`);
    for (const item of l.shown)
      f.unsentShown.push(
        `${l.device}: ${item.kind} "${named(item)}" ${item.needsSignIn ? 'waits for a sign-in' : `shown as not sent (${item.httpStatus ?? 'no answer'})`}`,
      );
  }
  return f;
}
