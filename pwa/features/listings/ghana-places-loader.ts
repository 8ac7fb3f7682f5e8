// The gazetteer of Ghana's towns, loaded on demand: it is imported only here, so it never enters
// the first load (pwa/lib/* files are bundled into the app chunk, hence this file sits beside the
// one feature that types a town). The service worker keeps the chunk once fetched online.

type GhanaPlaces = typeof import('../../../api/contract/ghana-places.ts');

let loading: Promise<GhanaPlaces> | undefined;

/** The gazetteer module, fetched once; a failed fetch (offline, not yet cached) is tried again next time. */
export function loadGhanaPlaces(): Promise<GhanaPlaces> {
  loading ??= import('../../../api/contract/ghana-places.ts').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** Starts the fetch without waiting: a form calls it as it opens, so an online visit caches the list. */
export function preloadGhanaPlaces(): void {
  loadGhanaPlaces().catch(() => undefined);
}
