import { safeReturnPath } from './return-path.ts';

// Where a visitor sent away to sign up or log in goes once signed in (docs/decisions/180): a path
// of this app kept in sessionStorage (this tab only) from the moment they leave for it until they
// are signed in, through registration and the code. Checked again as it is read (safeReturnPath),
// so nothing put there can send a person to another site.

const KEY = 'efie:after-sign-in';

export type AfterSignIn = 'services-directory' | 'services-register' | 'user-videos';

const PLACES: Record<AfterSignIn, string> = {
  'services-directory': '/services?view=directory',
  'services-register': '/services?view=register',
  'user-videos': '/user/videos',
};

/** Remembers a path of this app (anything else is ignored) to go to once signed in. */
export function rememberReturnPath(path: string | null | undefined): void {
  const safe = safeReturnPath(path);
  if (!safe) return;
  try {
    sessionStorage.setItem(KEY, safe);
  } catch {
    // Storage may be off (private mode): the person lands on the home page instead.
  }
}

export const rememberAfterSignIn = (place: AfterSignIn): void => rememberReturnPath(PLACES[place]);

/**
 * Where to go now: the remembered place, once (it is forgotten as it is read), else the home page.
 * `href`, when there, is what TanStack Router goes to (it builds the location from it, not from `to`).
 */
export function takeAfterSignIn(): { to: '/'; href?: string } {
  try {
    const path = safeReturnPath(sessionStorage.getItem(KEY));
    sessionStorage.removeItem(KEY);
    return path ? { to: '/', href: path } : { to: '/' };
  } catch {
    return { to: '/' };
  }
}
