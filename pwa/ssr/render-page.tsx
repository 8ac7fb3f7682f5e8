import { prerender } from 'react-dom/static';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { App, createAppRouter, loadPage } from '../app-router.tsx';
import { ApiError, isStatus, sendThroughServer } from '../lib/api-client.ts';
import { currentUserQuery } from '../lib/current-user.ts';
import { createQueryClient } from '../lib/query-client.ts';
import type { CarriedError } from './server-state.ts';
import type { RenderedPage } from '../../api/contract/first-paint.ts';

// The server's first paint (issue 31, ADR 280): the pages people arrive at from a link or a search
// engine (home, a search, a listing) are rendered to HTML with their data, by the same routes,
// loaders and screens the app runs, and hydrated by it (pwa/main.tsx). Built by `vite build --ssr`
// into dist/server/render-page.js, which the API loads at start (api/static/server-render.ts).

/** The routes drawn on the server; any other page is the app's shell, drawn in the browser. */
const RENDERED_ROUTES = new Set(['/', '/search', '/property/$id/']);

export type RenderOptions = {
  /** Reaches the API in-process. */
  send: (url: string, init: RequestInit) => Promise<Response>;
  /** Hears what React could not render (the browser then renders it). */
  onError: (error: unknown) => void;
  /** False for a signed-in caller: only the status is wanted, and the app draws the page. */
  draw: boolean;
};

/** Renders `url` (path and query) as a visitor sees it: no one is signed in. */
export async function renderPage(url: string, { send, ...options }: RenderOptions): Promise<RenderedPage> {
  sendThroughServer(send);
  const queryClient = createQueryClient();
  try {
    return await render(url, queryClient, options);
  } finally {
    // The answers were copied into the page: none is kept (each would hold a timer for gcTime, a week).
    queryClient.clear();
  }
}

async function render(
  url: string,
  queryClient: QueryClient,
  { onError, draw }: Omit<RenderOptions, 'send'>,
): Promise<RenderedPage> {
  // A visitor: the server draws nobody's account, and the app hydrates the same.
  queryClient.setQueryData(currentUserQuery().queryKey, null);
  const router = createAppRouter(queryClient, { history: createMemoryHistory({ initialEntries: [url] }) });
  const [, , found] = router.getMatchedRoutes(new URL(url, 'http://efie').pathname);
  // A path no route matches is drawn too: the not-found screen, with a 404.
  const status = found ? 200 : 404;
  if (!draw || (found && !RENDERED_ROUTES.has(found.id))) return { status };

  await loadPage(router);
  await allAnswered(queryClient);
  // The API failed (its database is down): the app's shell, which asks again and says what it can.
  const failed = queryClient
    .getQueryCache()
    .getAll()
    .some((query) => query.state.status === 'error' && !isStatus(query.state.error, 404));
  if (failed) return { status };
  // Nothing suspends (loadPage), and no part is set aside for later however large (React outlines a
  // boundary past progressiveChunkSize, 12.8 kB by default, and reveals it with an inline script): the
  // HTML is whole, with no script in it, so the Content-Security-Policy stays without a nonce.
  const { prelude } = await prerender(<App queryClient={queryClient} router={router} />, {
    onError,
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  const { head, body } = hoisted(await new Response(prelude).text());
  // An inline script would be refused by the Content-Security-Policy and leave the page half drawn:
  // the browser draws such a page itself.
  if (/<script[\s>]/.test(body)) {
    onError(new Error(`the first paint of ${url} has an inline script`));
    return { status };
  }
  const state = dehydrate(queryClient, { shouldDehydrateQuery: (query) => query.state.status !== 'pending' });
  const queries = state.queries.map((query) => ({
    ...query,
    state: { ...query.state, error: carried(query.state.error) },
  }));
  const missing = queries.some((query) => query.state.error?.status === 404);
  return { status: missing ? 404 : status, head, html: body, state: { queries } };
}

/** Resolves once no query of the page is being fetched (the loaders start them without waiting). */
function allAnswered(queryClient: QueryClient): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (queryClient.isFetching() > 0) return;
      stop();
      resolve();
    };
    const stop = queryClient.getQueryCache().subscribe(check);
    check();
  });
}

/**
 * React hoists the resources it found (a preload of the first screen's picture) to the start of what it
 * rendered: they belong in the document's head, where the browser reads them first, and where they
 * are not part of the tree the app hydrates.
 */
function hoisted(html: string): { head: string; body: string } {
  const head = /^(?:<link [^>]*\/>)*/.exec(html)?.[0] ?? '';
  return { head, body: html.slice(head.length) };
}

/** A failed answer as the page carries it (JSON has no ApiError): its status and the body's text. */
const carried = (error: unknown): CarriedError | null =>
  error instanceof ApiError ? { status: error.status, text: error.message.replace(/^\d+: /, '') } : null;
