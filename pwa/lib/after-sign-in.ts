// Where a visitor sent away to sign up or log in goes once signed in. Kept in
// sessionStorage (this tab only) as one of a few known places, never a URL, so
// nothing put there from outside can send a person elsewhere.

const KEY = 'efie:after-sign-in'

export type AfterSignIn = 'services-directory' | 'services-register' | 'user-videos'

type Place = { to: '/services'; search: { view: 'directory' | 'register' } } | { to: '/user/videos' }

const PLACES: Record<AfterSignIn, Place> = {
  'services-directory': { to: '/services', search: { view: 'directory' } },
  'services-register': { to: '/services', search: { view: 'register' } },
  'user-videos': { to: '/user/videos' },
}

export function rememberAfterSignIn(place: AfterSignIn): void {
  try {
    sessionStorage.setItem(KEY, place)
  } catch {
    // Storage may be off (private mode): the person lands on the home page instead.
  }
}

/** The remembered place, once: it is forgotten as it is read. */
export function takeAfterSignIn(): (typeof PLACES)[AfterSignIn] | null {
  try {
    const place = sessionStorage.getItem(KEY)
    sessionStorage.removeItem(KEY)
    return place && place in PLACES ? PLACES[place as AfterSignIn] : null
  } catch {
    return null
  }
}
