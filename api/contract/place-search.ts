// Finding a place as it is typed (issue 33). It runs on each keystroke of a town field on a cheap
// phone, over about 120 places: one pass over the list comparing characters in place, no regular
// expressions and no strings built per place. It holds no data (the gazetteer is ./ghana-places.ts,
// loaded apart), so a screen with its own short list can use it too.
import { normalisePlace } from '../../events/listing/places.policy.ts';

/** A place name or typed text as compared: the same key as search's (accents, case and punctuation dropped). */
export const placeKey = (text: string): string => normalisePlace(text);

export type PlaceEntry = {
  readonly name: string;
  readonly region: string;
  /** placeKey(name). */
  readonly key: string;
  /** placeKey of each other spelling of the place, matched like its name. */
  readonly aliasKeys: readonly string[];
  /** Rank among the main places (lower first), ahead of the others among equal matches. */
  readonly main?: number;
};

/** A place entry from its names. */
export function placeEntry(place: { name: string; region?: string; aliases?: readonly string[]; main?: number }) {
  const entry: PlaceEntry = {
    name: place.name,
    region: place.region ?? '',
    key: placeKey(place.name),
    aliasKeys: (place.aliases ?? []).map(placeKey),
    ...(place.main === undefined ? {} : { main: place.main }),
  };
  return entry;
}

export type MatchOptions = { region?: string | undefined; limit?: number };

// How well a key answers the typed text, best first; NO_MATCH when it does not.
const EXACT = 0;
const PREFIX = 1;
const WORD_PREFIX = 2;
const ONE_EDIT = 3;
const NO_MATCH = 4;

// Below this length one edit away matches too much ("xq" is one edit from every "x…").
const MIN_TYPO_LENGTH = 3;

// Whether text[from…] is spelled in `word` from `at`.
function restIn(text: string, from: number, word: string, at: number): boolean {
  if (at + text.length - from > word.length) return false;
  for (let i = from; i < text.length; i++) if (text.charCodeAt(i) !== word.charCodeAt(at + i - from)) return false;
  return true;
}

/**
 * Whether `text` is at most one edit from a prefix of `word` read from `at`: one letter inserted,
 * left out, replaced or two neighbours swapped, the slips of a phone keyboard. With one edit, the
 * letters before the first difference agree, so the edit is tried there only. The first letter must
 * agree unless swapped with the second: forgiving it too would answer "kas" with every "as…" and "…s".
 */
function oneEditFromPrefix(text: string, word: string, at: number): boolean {
  let i = 0;
  while (i < text.length && at + i < word.length && text.charCodeAt(i) === word.charCodeAt(at + i)) i++;
  if (i === text.length) return true;
  const w = at + i;
  const swapped =
    i + 1 < text.length && text[i] === word[w + 1] && text[i + 1] === word[w] && restIn(text, i + 2, word, w + 2);
  if (i === 0) return swapped;
  return (
    swapped ||
    restIn(text, i + 1, word, w + 1) || // replaced
    restIn(text, i + 1, word, w) || // inserted
    restIn(text, i, word, w + 1) // left out
  );
}

/** How well one key answers the typed text (already a placeKey). */
function matchKey(key: string, text: string, typos: boolean): number {
  if (key === text) return EXACT;
  if (key.startsWith(text)) return PREFIX;
  let best = typos && oneEditFromPrefix(text, key, 0) ? ONE_EDIT : NO_MATCH;
  for (let at = key.indexOf(' ') + 1; at > 0; at = key.indexOf(' ', at) + 1) {
    if (key.startsWith(text, at)) return WORD_PREFIX;
    if (typos && best === NO_MATCH && oneEditFromPrefix(text, key, at)) best = ONE_EDIT;
  }
  return best;
}

function matchEntry(entry: PlaceEntry, text: string, typos: boolean): number {
  let best = matchKey(entry.key, text, typos);
  for (const alias of entry.aliasKeys) if (best > EXACT) best = Math.min(best, matchKey(alias, text, typos));
  return best;
}

/**
 * The places that best answer typed text, best first: the name or another spelling equal to it,
 * then starting with it, then one of their words starting with it, then one slip away from such
 * a start; among equals the main places first, then by name. Empty text answers every place.
 */
export function matchPlaces<T extends PlaceEntry>(
  entries: readonly T[],
  text: string,
  { region, limit = 8 }: MatchOptions = {},
): T[] {
  const typed = placeKey(text);
  const typos = typed.length >= MIN_TYPO_LENGTH;
  const found: { entry: T; grade: number }[] = [];
  for (const entry of entries) {
    if (region !== undefined && entry.region !== region) continue;
    const grade = typed === '' ? PREFIX : matchEntry(entry, typed, typos);
    if (grade !== NO_MATCH) found.push({ entry, grade });
  }
  const mainRank = (entry: PlaceEntry) => entry.main ?? Number.POSITIVE_INFINITY;
  found.sort(
    (a, b) =>
      a.grade - b.grade ||
      mainRank(a.entry) - mainRank(b.entry) ||
      (a.entry.key < b.entry.key ? -1 : a.entry.key > b.entry.key ? 1 : 0),
  );
  return found.slice(0, limit).map(({ entry }) => entry);
}
