import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { App, createAppRouter, hydratingRouter, loadPage } from './app-router.tsx';
import { createQueryClient } from './lib/query-client.ts';
import { readServerState } from './ssr/server-state.ts';
import { restoreQueryCache, BUILD_ID } from './offline/persist-cache.ts';
import { startOutbox } from './offline/outbox-runtime.ts';
import { registerOutboxKinds } from './outbox-kinds.ts';
import { setLanguage, storedLanguage, translateText } from './i18n/i18n.ts';
import { translateErrorsWith } from './lib/api-client.ts';
import { followEditRefusals } from './features/listings/edit-refusals.ts';
import { addRefusedRowsLoader } from './offline/refused-rows-loaders.ts';
import { followSignOutsElsewhere } from './features/shell/end-session.ts';
import './styles.css';

// The features' queued actions, and how the offline bar shows those refused, before the outbox is read.
registerOutboxKinds();
// The server's error texts, shown in the active language when its catalog knows them (ADR 360).
translateErrorsWith(translateText);
addRefusedRowsLoader(() =>
  import('./features/listings/listing-outbox-rows.tsx').then((module) => module.registerListingOutboxRows()),
);
const queryClient = createQueryClient();
document.documentElement.dataset.build = BUILD_ID;
// What was saved on this device is in the cache before the first screen asks for it; what the
// server rendered this page with (pwa/ssr/render-page.tsx) is newer, and goes over it.
await restoreQueryCache(queryClient);
const rendered = readServerState(document);
if (rendered) hydrate(queryClient, rendered);
startOutbox(queryClient);
followEditRefusals(queryClient);
followSignOutsElsewhere(queryClient);

const router = createAppRouter(queryClient);
// The language chosen on this device, if it is not English (ADR 360).
const language = storedLanguage();
const root = document.getElementById('root')!;
if (rendered) {
  // The page's route and its split screen are loaded first, so the first render matches the server's HTML.
  await loadPage(router);
  // As a transition, hydration yields to the phone every few milliseconds instead of holding its main
  // thread for the whole page (total blocking time, ADR 280). A tap that lands between two slices would
  // reach a half-hydrated page and be lost (the clean-clone CI of 5a13e60: "Contact Landlord" led
  // nowhere): /after-load.js keeps every tap from the moment the app loads and gives it again once
  // the page is the app's (html[data-hydrated]).
  startTransition(() => {
    hydrateRoot(root, <App queryClient={queryClient} router={hydratingRouter(router)} />);
  });
} else {
  // The app draws this page: in the language chosen on this device from its first frame.
  if (language) await setLanguage(language, { save: false }).catch(() => undefined);
  createRoot(root).render(<App queryClient={queryClient} router={router} />);
}
// A page the server drew is in English (ADR 360): it is hydrated as drawn (its catalog loading meanwhile),
// then switched, never mid-way, when a screen drawn in another language would not match the HTML.
if (rendered && language) {
  void language.load?.();
  const switchOnceHydrated = () => {
    if ('hydrated' in document.documentElement.dataset) void setLanguage(language, { save: false });
    else setTimeout(switchOnceHydrated, 20);
  };
  switchOnceHydrated();
}
