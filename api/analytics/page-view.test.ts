import { describe, expect, it } from 'vitest';
import { MAX_VIEW_AGE_MS } from '../contract/analytics.schema.ts';
import { pagePath, viewsOf, viewTime } from './page-view.ts';

describe('pagePath', () => {
  it('drops the query string and fragment', () => {
    expect(pagePath('/reset-password?token=secret')).toBe('/reset-password');
    expect(pagePath('/search?location=Accra#results')).toBe('/search');
    expect(pagePath('/property/abc')).toBe('/property/abc');
    expect(pagePath('/?utm_source=x')).toBe('/');
  });
});

describe('viewTime', () => {
  const now = new Date('2026-03-10T12:00:00.000Z');
  it('is now without a time or with one in the future', () => {
    expect(viewTime(now, undefined)).toEqual(now);
    expect(viewTime(now, now.getTime() + 60_000)).toEqual(now);
  });
  it('keeps a past time up to MAX_VIEW_AGE_MS, and drops an older one', () => {
    expect(viewTime(now, now.getTime() - MAX_VIEW_AGE_MS)).toEqual(new Date(now.getTime() - MAX_VIEW_AGE_MS));
    expect(viewTime(now, now.getTime() - MAX_VIEW_AGE_MS - 1)).toBeUndefined();
  });
});

describe('viewsOf', () => {
  it("turns the spec's single view into one view, and takes a batch as it is", () => {
    expect(viewsOf({ visitorId: 'visitor_1_a', pageUrl: '/x', pageTitle: 'X', viewedAt: 5 })).toEqual([
      { pageUrl: '/x', viewedAt: 5 },
    ]);
    const views = [{ pageUrl: '/a' }, { pageUrl: '/b', viewedAt: 1 }];
    expect(viewsOf({ visitorId: 'visitor_1_a', views })).toEqual(views);
  });
});
