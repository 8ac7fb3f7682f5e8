import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { App, createAppRouter, hydratingRouter, loadPage } from './app-router.tsx';
import { createQueryClient } from './lib/query-client.ts';
import { readServerState } from './ssr/server-state.ts';
import { restoreQueryCache, BUILD_ID } from './offline/persist-cache.ts';
import { startOutbox } from './offline/outbox-runtime.ts';
import { registerOutboxKinds } from './outbox-kinds.ts';
import { followEditRefusals } from './features/listings/edit-refusals.ts';
import { registerListingOutboxRows } from './features/listings/listing-outbox-rows.tsx';
import { followSignOutsElsewhere } from './features/shell/end-session.ts';
import './styles.css';

// The features' queued actions, and how the offline bar shows those refused, before the outbox is read.
registerOutboxKinds();
registerListingOutboxRows();
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
const root = document.getElementById('root')!;
if (rendered) {
  // The page's route and its split screen are loaded first, so the first render matches the server's HTML.
  await loadPage(router);
  // In one go, not as a transition: a transition yields mid-way, and a tap on a link that lands then is
  // held by React and lost (the clean-clone CI of 5a13e60: "Contact Landlord" tapped while the listing
  // was hydrating led nowhere).
  hydrateRoot(root, <App queryClient={queryClient} router={hydratingRouter(router)} />);
} else {
  createRoot(root).render(<App queryClient={queryClient} router={router} />);
}
