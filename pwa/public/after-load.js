// A page the server drew (docs/decisions/280) is painted before the app is asked for: the server puts
// this script in the app's place, and the app's scripts load once the page's own styles and first
// pictures are in and painted, instead of sharing a slow link with them. Links and the search
// form work without the app; a tap on one of the app's buttons (type="button") before it runs starts
// it at once, and is kept and given to the button once the app has taken the page over.
const app = document.querySelector('script[data-app]')?.dataset.app;
const root = document.documentElement;
const running = () => root.hasAttribute('data-hydrated');
let started = false;
let tapped = null;

const start = () => {
  if (started || !app) return;
  started = true;
  void import(app);
};

const keepTap = (event) => {
  if (running()) return;
  const button = event.target instanceof Element ? event.target.closest('button[type="button"]') : null;
  if (!button) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  tapped = button;
  start();
};
addEventListener('click', keepTap, true);

new MutationObserver((_, observer) => {
  if (!running()) return;
  observer.disconnect();
  removeEventListener('click', keepTap, true);
  if (tapped?.isConnected) tapped.click();
  tapped = null;
}).observe(root, { attributes: true, attributeFilter: ['data-hydrated'] });

// The load event says the first pictures are in, not that they are on the screen: two frames later
// they are, and only then does the app's download begin.
const afterTheirPaint = () => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start)));
if (document.readyState === 'complete') afterTheirPaint();
else {
  addEventListener('load', afterTheirPaint, { once: true });
  for (const type of ['pointerdown', 'keydown', 'touchstart'])
    addEventListener(type, start, { once: true, passive: true, capture: true });
}
