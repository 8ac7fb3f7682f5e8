import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Context } from 'hono';
import * as v from 'valibot';
import { SESSION_COOKIE } from '../auth/sessions.ts';
import type { AppEnv } from '../http/app-env.ts';
import { errorText, type Logger } from '../logger.ts';
import { requestCookie } from '../http/node-exchange.ts';
import type { RenderedPage } from '../contract/first-paint.ts';

// The server's first paint (issue 31, ADR 280): `npm run build` builds pwa/ssr/render-page.tsx into
// dist/server/render-page.js, the same routes and screens as the app, which this loads at the first
// page asked for. Without a build there is none, and every page is the app's shell, as before.

/**
 * Renders a page as a visitor sees it: `send` reaches the API in-process, `onError` hears what React
 * could not render; with `draw` false (a signed-in caller, whom the app draws for) only the status.
 */
export type RenderPage = (
  url: string,
  options: {
    send: (url: string, init: RequestInit) => Promise<Response>;
    onError: (error: unknown) => void;
    draw: boolean;
  },
) => Promise<RenderedPage>;

/** The built module's surface, checked where it is loaded (a boundary: it is another build's output). */
const RendererModule = v.looseObject({ renderPage: v.custom<RenderPage>((value) => typeof value === 'function') });

/** The renderer in `file`, loaded once, or null when the file is not there (the app is not built, or built without it). */
export function firstPaintRenderer(file: string): () => Promise<RenderPage | null> {
  let loaded: Promise<RenderPage | null> | undefined;
  return () =>
    (loaded ??= existsSync(file)
      ? import(pathToFileURL(file).href).then((module: unknown) => v.parse(RendererModule, module).renderPage)
      : Promise.resolve(null));
}

type Send = (url: string, init: RequestInit) => Promise<Response>;

/**
 * The first paint of the page a request asks for, or null when there is none to give (no build, or
 * the renderer failed: the app's shell then draws the page in the browser, as it always could).
 * A caller with a session cookie is not drawn for (the page would be a visitor's); its status is still said.
 */
export function firstPaint(file: string, send: Send, log: Logger) {
  const renderer = firstPaintRenderer(file);
  return async (c: Context<AppEnv>): Promise<RenderedPage | null> => {
    const url = new URL(c.req.url);
    try {
      const renderPage = await renderer();
      if (!renderPage) return null;
      return await renderPage(`${url.pathname}${url.search}`, {
        send,
        draw: requestCookie(c, SESSION_COOKIE) === undefined,
        onError: (error) =>
          log.warn('first paint: the app could not render', { path: url.pathname, reason: errorText(error) }),
      });
    } catch (error) {
      log.error('first paint failed', { path: url.pathname, reason: errorText(error) });
      return null;
    }
  };
}
