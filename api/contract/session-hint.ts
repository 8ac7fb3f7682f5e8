/**
 * A readable companion of the httpOnly session cookie, set and cleared with it. It holds no
 * secret, only that a session may exist, so the app does not ask who is signed in when nobody
 * can be: an anonymous first visit makes no call that is bound to fail (issue 31).
 */
export const SESSION_HINT_COOKIE = 'efie_signed_in';
export const SESSION_HINT_VALUE = '1';
