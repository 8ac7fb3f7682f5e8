import { APP_ROUTES, LISTING_ROUTE, MAX_PAGE_PATH, OTHER_PAGE } from '../contract/app-routes.ts';
import { isUuid } from '../http/is-uuid.ts';
import { pagePath } from './page-view.ts';

/** Where a view is counted: a screen's route, a listing's own page, or the one "other" row. */
export type PageOfView = { page: string; listingId?: string };

const ROUTES = APP_ROUTES.map((pattern) => ({ pattern, segments: pattern.split('/').filter(Boolean) }));

/**
 * The page a view is counted under (docs/decisions/110): its path (query string and fragment
 * cut, as before) matched against the app's routes, so made-up addresses cannot add rows
 * without bound. Static segments match whatever their case, as TanStack Router's do; a
 * parameter matches any one segment and is counted as the pattern (`/contact-landlord/$id`).
 * A listing's page keeps its id when the id is one (the writer then keeps it only while the
 * listing exists, api/analytics/page-views.write.ts). Anything else, or a path over
 * MAX_PAGE_PATH, is OTHER_PAGE.
 */
export function pageOfView(pageUrl: string): PageOfView {
  const path = pagePath(pageUrl);
  if (path.length > MAX_PAGE_PATH) return { page: OTHER_PAGE };
  const segments = path.split('/').filter(Boolean);
  const route = ROUTES.find(
    (r) =>
      r.segments.length === segments.length &&
      r.segments.every((s, i) => s.startsWith('$') || s === segments[i]!.toLowerCase()),
  );
  if (!route) return { page: OTHER_PAGE };
  if (route.pattern === LISTING_ROUTE && isUuid(segments[1]!)) {
    const listingId = segments[1]!.toLowerCase();
    return { page: `/property/${listingId}`, listingId };
  }
  return { page: route.pattern };
}
