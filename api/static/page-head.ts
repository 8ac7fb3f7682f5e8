// What a page's HTML says before the app runs (issue 31, "findable and shareable"): its title,
// description and link-preview tags, written into the built index.html by the server. A link
// pasted in WhatsApp or found by a crawler shows what the page is about, though the app draws it.

/** The head of one page: its title and description, further tags, and the status to answer with. */
export type PageHead = { status: 200 | 404; title?: string; description?: string; tags?: string };

/** Neither indexed nor previewed: a page that does not exist, or shows nothing to a visitor. */
export const NOINDEX = '<meta name="robots" content="noindex" />';

/** Text for an HTML or XML attribute or element (the sitemaps use it too: &#39; is XML as well). */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** JSON inside <script type="application/ld+json">: nothing in it can close the element. */
export const jsonInScript = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

/** The built index.html with this page's head: its title and description replaced, its tags before </head>. */
export function withHead(html: string, { title, description, tags }: PageHead): string {
  // Replaced by functions: a `$&` in a listing's title is text, not a replacement pattern.
  let page = html;
  if (title !== undefined) page = page.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`);
  if (description !== undefined)
    page = page.replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${escapeHtml(description)}" />`,
    );
  return tags ? page.replace('</head>', () => `${tags}\n</head>`) : page;
}
