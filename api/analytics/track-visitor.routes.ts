import { Hono } from 'hono';
import type { AppDeps } from '../app-deps.ts';
import { TrackVisitorSchema, type TrackVisitorAnswer } from '../contract/analytics.schema.ts';
import type { AppEnv } from '../http/app-env.ts';
import type { BodyLimitRule } from '../http/body-limit.ts';
import { clientAddress, clientLimitKey } from '../http/client-address.ts';
import { malformedJson } from '../http/error-response.ts';
import { parseInput } from '../middleware/validate.ts';
import { ipNetwork } from './ip-network.ts';
import { createBotFilter } from './is-bot.ts';
import { pageOfView } from './page-route.ts';
import { viewsOf, viewTime, type PageViewRecord } from './page-view.ts';
import { trackVisitorBody } from '../openapi/described-bodies.ts';
import { requestHeader } from '../http/node-exchange.ts';

export const TRACK_VISITOR_PATH = '/api/analytics/track-visitor';

/**
 * A beacon is small: 20 views of a path and a title. 64 KB is also what browsers let
 * navigator.sendBeacon queue per page, so no honest beacon is larger.
 */
export const ANALYTICS_BODY_LIMITS: readonly BodyLimitRule[] = [
  { pathPrefix: TRACK_VISITOR_PATH, maxBytes: 64 * 1024, message: 'A beacon may be at most 64 KB.' },
];

/** sendBeacon cannot set a content type for a string (text/plain) and sets a Blob's: the body is read as JSON either way. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw malformedJson();
  }
}

/**
 * POST /api/analytics/track-visitor (spec part 1 §7, docs/decisions/100 and 110): anonymous or
 * signed in. The views go to the in-process buffer; the answer does not wait for the
 * database. Bots are answered the same and not counted. Each view is counted under a route
 * of the app (made-up paths under one "other" row), and a client's views past its rate
 * limit are dropped and counted: still 202, with `accepted` saying how many were taken.
 */
export function trackVisitorRoutes(deps: Pick<AppDeps, 'clock' | 'pageViews' | 'viewRateLimit' | 'geolocate'>) {
  const isBot = createBotFilter();
  return new Hono<AppEnv>().post('/track-visitor', trackVisitorBody, async (c) => {
    const body = parseInput(TrackVisitorSchema, parseJson(await c.req.text()));
    const views = viewsOf(body);
    if (isBot(requestHeader(c, 'user-agent')))
      return c.json({ accepted: views.length } satisfies TrackVisitorAnswer, 202);

    const now = deps.clock();
    const address = clientAddress(c);
    // Located from the whole address, which is then cut to its network and never stored whole.
    const { country, city } = deps.geolocate.locate(address);
    const common = {
      visitorId: body.visitorId,
      userId: c.var.user?.id ?? null,
      ipNetwork: ipNetwork(address),
      country,
      city,
    };
    const records: PageViewRecord[] = [];
    for (const view of views) {
      const viewedAt = viewTime(now, view.viewedAt);
      if (viewedAt) records.push({ ...common, ...pageOfView(view.pageUrl), viewedAt });
    }
    // The first views of the beacon are taken up to the limit: a phone's batch still counts in part.
    const allowed =
      records.length > 0 ? deps.viewRateLimit.take(clientLimitKey(address), body.visitorId, records.length) : 0;
    // A full buffer drops the beacon (counted on the server): still 202, the phone can do nothing
    // better with an error; `accepted: 0` says so to whoever looks.
    const taken = allowed > 0 && deps.pageViews.add(records.slice(0, allowed));
    return c.json({ accepted: taken ? allowed : 0 } satisfies TrackVisitorAnswer, 202);
  });
}
