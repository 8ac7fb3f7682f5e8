/**
 * The Vite dev server's proxy to the API. `xfwd` makes it say who called (X-Forwarded-For), so
 * the API never takes a LAN caller of the dev server for this machine: the dev outbox, which
 * shows every code, refuses calls relayed by a proxy (api/outbox/dev-outbox.routes.ts).
 */
export const devProxy = (target: string) => ({
  '/api': { target, xfwd: true },
  '/files': { target, xfwd: true },
});
