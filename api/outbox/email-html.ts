const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** http(s) links in a message; a full stop or comma right after one ends the sentence, not the link. */
const LINK = /https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)]/g;

/** Whether a link is one Efie wrote: on its own origin (PUBLIC_ORIGIN). */
const isOurs = (url: string, origin: string | undefined) =>
  origin !== undefined && (url === origin || url.startsWith(`${origin}/`) || url.startsWith(`${origin}?`));

/**
 * One line of text as HTML: escaped, with Efie's own links clickable. Any other URL stays
 * text: our messages link only to Efie, so a URL elsewhere is one somebody typed (and user
 * text is defanged besides, api/outbox/user-text.ts).
 */
function lineToHtml(line: string, linkOrigin: string | undefined): string {
  let html = '';
  let last = 0;
  for (const match of line.matchAll(LINK)) {
    const url = match[0];
    if (!isOurs(url, linkOrigin)) continue;
    html += escapeHtml(line.slice(last, match.index));
    html += `<a href="${escapeHtml(url)}" style="color:#b45309">${escapeHtml(url)}</a>`;
    last = match.index + url.length;
  }
  return html + escapeHtml(line.slice(last));
}

/**
 * The HTML part of an e-mail: the same words as the plain-text part, in a
 * plain, warm layout any mail client shows (no images, no scripts, inline styles).
 */
export function emailHtml(subject: string | null, text: string, linkOrigin: string | undefined): string {
  const paragraphs = text
    .split(/\n{2,}|\n/)
    .filter((p) => p.trim() !== '')
    .map((p) => `<p style="margin:0 0 16px">${lineToHtml(p, linkOrigin)}</p>`)
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject ?? 'Efie')}</title></head>
<body style="margin:0;padding:24px;background:#fafaf9;font-family:Arial,Helvetica,sans-serif;color:#1c1917;font-size:16px;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px">
<p style="margin:0 0 16px;font-weight:bold;color:#b45309">Efie</p>
${paragraphs}
<p style="margin:24px 0 0;color:#57534e;font-size:14px">Akwaaba, and thank you for using Efie.</p>
</div>
</body></html>`;
}

/** The same sign-off as the HTML part. */
export const emailText = (text: string) => `${text}\n\nAkwaaba, and thank you for using Efie.\n`;
