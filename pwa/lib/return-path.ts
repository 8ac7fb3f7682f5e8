import { APP_ROUTES, MAX_PAGE_PATH, type AppRoute } from '../../api/contract/app-routes.ts';

// Where a person goes back to once signed up, verified or signed in (docs/decisions/180). The
// place is kept in the tab's sessionStorage, which a script or an extension of the same origin
// could still write: only a path of this app is taken, never another site (no open redirect).

/** Screens of signing in itself: going "back" to one of them after signing in would be a loop. */
const SIGN_IN_SCREENS: ReadonlySet<AppRoute> = new Set([
  '/login',
  '/register',
  '/verify-email',
  '/verify-phone',
  '/forgot-password',
  '/reset-password',
]);

const ROUTES = APP_ROUTES.filter((route) => !SIGN_IN_SCREENS.has(route)).map((route) =>
  route.split('/').filter(Boolean),
);

// Any origin would do: a path resolved against it must keep it, else the text named another site.
const BASE = 'https://efie.invalid';

const matchesRoute = (pathname: string) => {
  const segments = pathname.split('/').filter(Boolean);
  return ROUTES.some(
    (route) =>
      route.length === segments.length &&
      route.every((part, i) => part.startsWith('$') || part === segments[i]!.toLowerCase()),
  );
};

/**
 * The same-origin path (with its query and fragment) to send a person to, or null when the value
 * is not one of this app's screens: not text, not starting with one "/" (`//evil.example` and
 * `/\evil.example` are other sites to a browser), a scheme, control characters, too long, or a path
 * no route of the app has.
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > MAX_PAGE_PATH) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  if (/[\x00-\x1f\x7f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE || !matchesRoute(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The contact page of a listing, when its id makes a path of this app. */
export const contactPagePath = (propertyId: string | undefined): string | null =>
  propertyId ? safeReturnPath(`/contact-landlord/${encodeURIComponent(propertyId)}`) : null;
