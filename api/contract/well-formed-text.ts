// Text PostgreSQL will take (CONTRACT.md "Text"): well-formed Unicode with no NUL. JSON can carry
// both faults (`"\u0000"`, a lone `"\ud800"`), and JavaScript strings hold them; PostgreSQL refuses a
// NUL in text and either in jsonb, where every event is stored. The PWA imports this file: no
// valibot, no node:* (it is in the visitor tracker's first load).

// With the `u` flag a surrogate pair is one code point outside this range: only lone halves match.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

export type TextFault = 'nul' | 'lone_surrogate';

/** Why PostgreSQL would refuse this string, or undefined when it is fine. */
export function textFault(text: string): TextFault | undefined {
  if (text.includes('\u0000')) return 'nul';
  if (LONE_SURROGATE.test(text)) return 'lone_surrogate';
  return undefined;
}

export const TEXT_FAULT_MESSAGES: Record<TextFault, string> = {
  nul: 'must not contain a NUL character',
  lone_surrogate: 'must be well-formed text (it holds half of a UTF-16 surrogate pair)',
};

/**
 * The first `max` UTF-16 units of `text`, one fewer when the cut would split a surrogate
 * pair: `'…😀'.slice(0, n)` can end in half an emoji, which is no longer text PostgreSQL takes.
 */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const last = text.charCodeAt(max - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max);
}
