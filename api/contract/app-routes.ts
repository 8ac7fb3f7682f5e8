// The PWA's screens, as route patterns (TanStack Router's file-based routes in pwa/routes/).
// The API may not import pwa/, so the list lives here; api/contract/app-routes.test.ts reads
// pwa/routes/ and fails when a screen is added, renamed or removed without this list.
// Visitor analytics counts a view under one of these (docs/decisions/110), so made-up
// addresses cannot add rows without bound. No node:*, no valibot: the PWA may import this file.

export const APP_ROUTES = [
  '/',
  '/account-settings',
  '/admin-image-approval',
  '/admin-service-approval',
  '/admin/image-approval',
  '/admin/service-approval',
  '/admin/video-management',
  '/contact',
  '/contact-landlord/$id',
  '/dashboard',
  '/forgot-password',
  '/host-dashboard',
  '/images-pending-approval',
  '/list-property',
  '/listing-payment',
  '/login',
  '/messages',
  '/messages/$id',
  '/privacy-policy',
  '/property/$id',
  '/property/$id/edit',
  '/register',
  '/reset-password',
  '/search',
  '/services',
  '/support',
  '/terms-of-service',
  '/user/videos',
  '/verify-email',
  '/verify-phone',
] as const;
export type AppRoute = (typeof APP_ROUTES)[number];

/** A listing's page: counted with its id while the listing exists, so hosts can be shown each listing's views. */
export const LISTING_ROUTE: AppRoute = '/property/$id';

/** Where a view of an address that is no screen of the app is counted: one row, whatever was sent. */
export const OTHER_PAGE = '/other';

/** The longest path a view's page may have; a longer one is no screen of the app (real ones are under 60). */
export const MAX_PAGE_PATH = 512;
