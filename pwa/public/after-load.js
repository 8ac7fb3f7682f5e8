// A page the server drew (docs/decisions/280) is painted before the app is asked for: the server puts
// this script in the app's place, and the app's scripts load once the page's own styles and first
// pictures are in (the load event), instead of sharing a slow link with them.
const app = document.querySelector('script[data-app]')?.dataset.app;
const start = () => {
  if (app) void import(app);
};
if (document.readyState === 'complete') start();
else addEventListener('load', start, { once: true });
