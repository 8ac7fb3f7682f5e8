import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Context } from 'hono';
import { parse } from 'hono/utils/cookie';

/**
 * Headers read and written through Node's own request and response when @hono/node-server serves
 * the request, and through the web Request and Response under `app.request` (tests, the first
 * paint). The adapter hands the app light objects: the first header read through `c.req` builds
 * a web Headers object of the whole request, and a header set on `c.res` after the route answered
 * builds one of the answer. Node has parsed the same headers already, and takes the answer's
 * own at `writeHead`. On a JSON 404 the two web objects cost more than everything else Efie does
 * (issue 32, docs/decisions/300).
 */
type NodeExchange = { incoming?: IncomingMessage; outgoing?: ServerResponse };

const nodeOf = (c: Context): NodeExchange | undefined => c.env as NodeExchange | undefined;

/** The request's TCP connection, or undefined when no socket serves the request. */
export const requestSocket = (c: Context): Socket | undefined => nodeOf(c)?.incoming?.socket;

/** Node's answer to the request, or undefined when no socket serves the request. */
export const serverResponse = (c: Context): ServerResponse | undefined => nodeOf(c)?.outgoing;

/** Node's parsed request headers, or undefined when no socket serves the request. */
const incomingHeaders = (c: Context): IncomingHttpHeaders | undefined => nodeOf(c)?.incoming?.headers;

/**
 * A request header by its lower-case name, as `c.req.header(name)` gives it. Node keeps the first
 * of a repeated single-valued header (Host, Content-Type, Authorization, ...) and joins the others
 * with ", " (Cookie with "; "), where a web Headers object joins all of them with ", ".
 */
export function requestHeader(c: Context, name: string): string | undefined {
  const headers = incomingHeaders(c);
  if (!headers) return c.req.header(name);
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** A request cookie's value, or undefined when the request does not carry it. */
export function requestCookie(c: Context, name: string): string | undefined {
  const cookies = requestHeader(c, 'cookie');
  return cookies ? parse(cookies, name)[name] : undefined;
}

/**
 * Gives the answer a header unless the route gave it its own: on the socket, Node's `setHeader`,
 * which `writeHead` merges under the answer's headers; under `app.request`, the answer's headers.
 * Safe to call after the route answered and before the answer is written (any middleware's after part).
 */
export function answerHeaderUnlessSet(c: Context, name: string, value: string): void {
  const outgoing = nodeOf(c)?.outgoing;
  if (outgoing) return void (outgoing.headersSent || outgoing.setHeader(name, value));
  try {
    if (!c.res.headers.has(name)) c.res.headers.set(name, value);
  } catch {
    // An answer with immutable headers (Response.redirect, a proxied fetch): a copy takes them.
    c.res = new Response(c.res.body, c.res);
    c.res.headers.set(name, value);
  }
}
