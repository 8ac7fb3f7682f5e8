// A page the server drew (docs/decisions/280) is painted before the app is asked for: the server puts
// this script in the app's place, and the app's scripts load once the page's own styles and first
// pictures are in and painted, instead of sharing a slow link with them.
//
// Taps while the app is not running:
// - before it is asked for, links and the search form work without it (the server draws where they
//   lead); a tap on one of its buttons (type="button") starts it at once and is kept;
// - once it is loading, and while it takes the page over (in slices, between which the phone stays
//   responsive), every tap on a link or button and every form sent is kept, rather than reaching a
//   half-hydrated page that would drop it.
// Kept taps are given again, in order, once the app has taken the page over (html[data-hydrated]).
const app = document.querySelector('script[data-app]')?.dataset.app;
const root = document.documentElement;
const running = () => root.hasAttribute('data-hydrated');
let started = false;
const kept = [];

const start = () => {
  if (started || !app) return;
  started = true;
  void import(app);
};

const keep = (event, target) => {
  event.preventDefault();
  event.stopImmediatePropagation();
  if (!kept.includes(target)) kept.push(target);
  start();
};

addEventListener(
  'click',
  (event) => {
    if (running() || !(event.target instanceof Element)) return;
    const button = event.target.closest('button[type="button"]');
    const control = started ? event.target.closest('a[href], button') : button;
    if (control) keep(event, control);
  },
  true,
);
addEventListener(
  'submit',
  (event) => {
    if (!running() && started && event.target instanceof HTMLFormElement) keep(event, event.target);
  },
  true,
);

new MutationObserver((_, observer) => {
  if (!running()) return;
  observer.disconnect();
  for (const target of kept.splice(0)) {
    if (!target.isConnected) continue;
    if (target instanceof HTMLFormElement) target.requestSubmit();
    else target.click();
  }
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
