import { describe, expect, it } from 'vitest';
import { APP_ROUTES, OTHER_PAGE } from '../contract/app-routes.ts';
import { pageOfView } from './page-route.ts';

const ID = '0b7c3a52-6f1e-4c55-9a43-2f3c9f0d1e77';

describe('pageOfView', () => {
  it('counts every screen under its own route, without its query string or fragment', () => {
    for (const route of APP_ROUTES.filter((r) => !r.includes('$')))
      expect(pageOfView(`${route}?a=1#x`)).toEqual({ page: route });
    expect(pageOfView('/search?location=Accra&page=2')).toEqual({ page: '/search' });
    expect(pageOfView('/reset-password?token=secret')).toEqual({ page: '/reset-password' });
    expect(pageOfView('/Search/')).toEqual({ page: '/search' });
  });

  it("keeps a listing's id, lower-cased, and counts other parameters as their pattern", () => {
    expect(pageOfView(`/property/${ID}`)).toEqual({ page: `/property/${ID}`, listingId: ID });
    expect(pageOfView(`/property/${ID.toUpperCase()}/?from=search`)).toEqual({
      page: `/property/${ID}`,
      listingId: ID,
    });
    expect(pageOfView('/property/not-an-id')).toEqual({ page: '/property/$id' });
    expect(pageOfView(`/property/${ID}/edit`)).toEqual({ page: '/property/$id/edit' });
    expect(pageOfView(`/contact-landlord/${ID}`)).toEqual({ page: '/contact-landlord/$id' });
  });

  it('counts every made-up address under one "other" row, however long', () => {
    for (const made of [
      '/x',
      '/wp-admin.php',
      '/search/more',
      `/property/${ID}/edit/again`,
      `/${'a'.repeat(5000)}`,
      '/%E2%82%AC',
      '/admin',
    ]) {
      expect(pageOfView(made)).toEqual({ page: OTHER_PAGE });
    }
    expect(pageOfView(`/search${'/'.repeat(600)}`)).toEqual({ page: OTHER_PAGE });
  });
});
