/**
 * The id of the JSON data block that carries the answers a server-rendered page was drawn with
 * (issue 31): the server writes it after #root, the app hydrates its query cache from it.
 */
export const FIRST_PAINT_STATE_ID = 'efie-first-paint';

/** What the server's renderer (pwa/ssr/render-page.tsx) answers for one page: its status, and for a page it draws, the HTML and data. */
export type RenderedPage = {
  /** 404 for a path no route matches, or a page whose data the API says does not exist (a listing not live). */
  status: 200 | 404;
  /** The page's HTML, for inside #root; absent for a page the server does not draw. */
  html?: string;
  /** What React hoists for the page's head (the preload of its largest picture). */
  head?: string;
  /** What the app needs to hydrate without asking again: JSON for the page's data block. */
  state?: { queries: unknown[] };
};
