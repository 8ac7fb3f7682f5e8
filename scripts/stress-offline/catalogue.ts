import type { Listing } from './api-reads.ts';

// The listings the run knows about, as the admin last saw them. Each listing's favourite is
// tapped by one device only: across two phones the order in which their wishes arrive decides
// (favourites carry no version, by design), so only one phone's taps have a meaning to check.

export type Known = Listing & { favouritesOf: string; hiddenAt?: number };

export function createCatalogue(deviceNames: readonly string[]) {
  const listings = new Map<string, Known>();
  let discovered = 0;
  return {
    update(seen: readonly Listing[]) {
      for (const listing of seen) {
        const old = listings.get(listing.id);
        listings.set(listing.id, {
          ...listing,
          favouritesOf: old?.favouritesOf ?? deviceNames[discovered++ % deviceNames.length]!,
          ...(old?.hiddenAt !== undefined && !listing.isActive ? { hiddenAt: old.hiddenAt } : {}),
        });
      }
    },
    markHidden(id: string, at: number) {
      const known = listings.get(id);
      if (known) listings.set(id, { ...known, isActive: false, hiddenAt: at });
    },
    all: () => [...listings.values()],
    live: () => [...listings.values()].filter((l) => l.isActive && l.isVerified),
    get: (id: string) => listings.get(id),
  };
}

export type Catalogue = ReturnType<typeof createCatalogue>;
