// A reference a person can read out on the phone: EF- and six characters of Crockford's
// base 32 (no I, L, O or U), derived from the message id, so a replay names the same one.

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** FNV-1a over the id, twice with different seeds: 30 bits are needed, pure and portable. */
function hash32(text: string, seed: number): number {
  let h = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

export function messageReference(messageId: string): string {
  const bits = hash32(messageId, 0x811c9dc5) ^ (hash32(messageId, 0x2f6b1d3a) << 7);
  let value = bits >>> 2; // 30 bits: six characters of five bits each
  let out = '';
  for (let i = 0; i < 6; i++) {
    out = ALPHABET[value & 31] + out;
    value >>>= 5;
  }
  return `EF-${out}`;
}

/** How a person may type it back (lower case, spaces, O for 0): the canonical form, or null. */
export function normalizeReference(typed: string): string | null {
  const compact = typed.trim().toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  const body = compact.startsWith('EF') ? compact.slice(2) : compact;
  return /^[0-9A-HJKMNP-TV-Z]{6}$/.test(body) ? `EF-${body}` : null;
}
