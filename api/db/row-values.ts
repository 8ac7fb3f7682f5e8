// Turning the values a row brings back into the contract's: both databases, both clients.

/** A timestamp as the contract's ISO string: a column comes as a Date, a field inside json as text. */
export const isoOrNull = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

/**
 * The rows of a `json_agg`: postgres.js parses json, PGlite may hand back its text, and an
 * aggregate over no rows is null.
 */
export const jsonRows = <T>(value: readonly T[] | string | null): readonly T[] =>
  value === null ? [] : typeof value === 'string' ? (JSON.parse(value) as T[]) : value;
