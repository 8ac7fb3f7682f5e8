import type * as v from 'valibot';
import { MAX_VIEW_AGE_MS, type PageView, type TrackVisitorSchema } from '../contract/analytics.schema.ts';

/** One view as it is stored (docs/decisions/100): who, which page, when, and from where, coarsely. */
export type PageViewRecord = {
  visitorId: string;
  /** A route of the app, a listing's page or the "other" row (api/analytics/page-route.ts). */
  page: string;
  /** On a listing's page: its id, which the writer keeps in `page` only while the listing exists. */
  listingId?: string;
  viewedAt: Date;
  /** The signed-in account at the time of the view, else null. */
  userId: string | null;
  ipNetwork: string;
  country: string;
  city: string;
};

type TrackVisitor = v.InferOutput<typeof TrackVisitorSchema>;

/** The views a beacon carries: the spec's single view or the batch. */
export function viewsOf(body: TrackVisitor): PageView[] {
  if (body.views) return body.views;
  const view: PageView = { pageUrl: body.pageUrl ?? '/' };
  if (body.viewedAt !== undefined) view.viewedAt = body.viewedAt;
  return [view];
}

/**
 * The page without its query string and fragment: a reset link's token or a verification
 * link must not sit in analytics for two years, and searches with other filters are one page.
 */
export const pagePath = (pageUrl: string): string => pageUrl.replace(/[?#].*$/s, '') || '/';

/**
 * When a view happened: a time in the future is now (a phone's clock runs ahead), one older
 * than MAX_VIEW_AGE_MS is dropped (undefined): back-dating further would rewrite closed days.
 */
export function viewTime(now: Date, viewedAt: number | undefined): Date | undefined {
  if (viewedAt === undefined || viewedAt >= now.getTime()) return now;
  return now.getTime() - viewedAt > MAX_VIEW_AGE_MS ? undefined : new Date(viewedAt);
}
