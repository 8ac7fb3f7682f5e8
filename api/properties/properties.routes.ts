import { Hono } from 'hono';
import type { AppDeps } from '../app-deps.ts';
import { requireUser } from '../auth/session.middleware.ts';
import { CreatePropertySchema, SearchQuerySchema, UpdatePropertySchema } from '../contract/properties.schema.ts';
import { requestOrigin, runCommand } from '../commands/run-command.ts';
import type { AppEnv } from '../http/app-env.ts';
import { advanceRentFor, digitalAddressIn, resolvePlace } from './listing-place.ts';
import { newRecordId } from '../middleware/idempotency.ts';
import { validate } from '../middleware/validate.ts';
import { actorOf, listingCommands, visibleProperty } from './listing-commands.ts';
import { findProperty, listFeatured, toProperty, type PropertyReadRow } from './properties.read.ts';
import { createSearchCache } from './search-cache.ts';
import { placeNamesAffectedBy, searchAffectedBy, type SearchFilter } from './search-matches.ts';
import { cardOf, createListingCards, pageBody, type ListingCard } from './listing-cards.ts';
import { lookUpPlaces, placeQuery, searchListings, type PlaceLookup } from './search.read.ts';

export function propertiesRoutes(deps: Pick<AppDeps, 'db' | 'store' | 'clock' | 'search'>) {
  const { db, store, clock } = deps;
  // The caches tell time by the app's clock, so a test can step past the log's age instead of sleeping.
  const now = () => clock().getTime();
  const { changes, index } = deps.search;
  // The live listings search pages show, by id: a listing change drops its card.
  const cards = createListingCards(db, changes, { now });
  // A listing change drops only the answers it can have changed (search-matches.ts).
  const searches = createSearchCache<
    SearchFilter,
    {
      cards: ListingCard[];
      total: number;
      totalIsExact: boolean;
      bodies: Partial<Record<'visitor' | 'signedIn', Buffer<ArrayBuffer>>>;
    }
  >(changes, {
    affectedBy: searchAffectedBy,
    now,
  });
  const featured = createSearchCache<undefined, PropertyReadRow[]>(changes, {
    affectedBy: () => () => true,
    maxEntries: 1,
    now,
  });
  // Typed locations → place name ids: a few dozen towns typed many ways, asked on every search.
  const placeNames = createSearchCache<string, number[]>(changes, {
    affectedBy: placeNamesAffectedBy,
    maxEntries: 5000,
    ttlMs: 10 * 60_000,
    now,
  });
  const lookUp: PlaceLookup = (place) => placeNames.get(place, place, () => lookUpPlaces(db)(place));
  return new Hono<AppEnv>()
    .get('/search', validate('query', SearchQuerySchema), async (c) => {
      const q = c.req.valid('query');
      // Search shows live listings only, where the answer differs only between visitors and
      // signed-in callers (contact details): both bodies are kept ready to send.
      const viewer = c.var.user ? 'signedIn' : 'visitor';
      // "kumasi", "Kumasi " and "KUMASI" are one search.
      const place = placeQuery(q);
      const answer = await searches.get(JSON.stringify({ ...q, location: place }), { q, place }, async () => {
        // The in-memory index once it is loaded and current (the cache's sync above brought it up to date), else SQL.
        const found = index.current()?.find(q, place);
        if (found) return { ...found, cards: await cards.get(found.ids), bodies: {} };
        const { rows, ...total } = await searchListings(db, q, lookUp, place);
        return { ...total, cards: rows.map(cardOf), bodies: {} };
      });
      // The page's JSON as JSON.stringify would write it, from each card's JSON written once.
      answer.bodies[viewer] ??= pageBody(answer.cards, c.var.user, {
        total: answer.total,
        totalIsExact: answer.totalIsExact,
        page: q.page,
        pageSize: q.limit,
      });
      return c.body(answer.bodies[viewer], 200, { 'content-type': 'application/json' });
    })
    .get('/featured', async (c) => {
      const rows = await featured.get('featured', undefined, () => listFeatured(db, { liveOnly: true }));
      return c.json(rows.map((r) => toProperty(r, c.var.user)));
    })
    .get('/:id', async (c) => {
      const row = await visibleProperty(c, db, c.req.param('id'));
      return c.json(toProperty(row, c.var.user));
    })
    .post('/', requireUser, validate('json', CreatePropertySchema), async (c) => {
      const { images, ...input } = c.req.valid('json');
      const place = resolvePlace(input);
      const user = c.var.user!;
      // With an Idempotency-Key the listing's id comes from the owner and the key: a retry at any
      // time, even after a crash lost the first answer, finds the listing the first attempt made.
      const propertyId = newRecordId(c.var.idempotency, 'property');
      const made = c.var.idempotency && (await findProperty(db, propertyId));
      if (made) return c.json(toProperty(made, user), 201);
      const result = await runCommand(store, requestOrigin(c.var), listingCommands, propertyId, {
        type: 'SubmitProperty',
        propertyId,
        ownerId: user.id,
        details: {
          title: input.title,
          description: input.description,
          propertyType: input.propertyType,
          category: input.category,
          listingType: input.listingType,
          address: input.address,
          city: place.city,
          region: place.region,
          digitalAddress: digitalAddressIn(input.country, input.digitalAddress),
          advanceRentMonths: advanceRentFor(input.listingType, input.advanceRentMonths),
          country: input.country,
          location: input.location,
          pricePerNight: input.pricePerNight,
          currency: input.currency,
          pricingPeriod: input.pricingPeriod,
          bedrooms: input.bedrooms,
          bathrooms: input.bathrooms,
          amenities: input.amenities,
        },
        images,
        at: clock().toISOString(),
      });
      // A replayed idempotency key answers the listing the first request made.
      const row = await findProperty(db, result.streamId.replace(/^property-/, ''));
      return c.json(toProperty(row!, user), 201);
    })
    .put('/:id', requireUser, validate('json', UpdatePropertySchema), async (c) => {
      const id = c.req.param('id');
      const existing = await visibleProperty(c, db, id);
      const { expectedVersion, images, isActive, ...changes } = c.req.valid('json');
      // A new town, region or country is checked with the others the listing keeps; a new town or
      // country without a region takes the town's.
      const moved = changes.country !== undefined || changes.city !== undefined;
      const place =
        moved || changes.region !== undefined
          ? resolvePlace({
              country: changes.country ?? existing.country,
              city: changes.city ?? existing.city,
              region: changes.region ?? (moved ? undefined : existing.region),
            })
          : undefined;
      const country = changes.country ?? existing.country;
      // A listing that leaves Ghana leaves its GPS address behind.
      const digitalAddress =
        changes.digitalAddress !== undefined
          ? digitalAddressIn(country, changes.digitalAddress)
          : country !== 'Ghana' && existing.digital_address
            ? ''
            : undefined;
      // A listing that becomes a sale leaves its advance rent behind.
      const listingType = changes.listingType ?? existing.listing_type;
      const advanceRentMonths =
        changes.advanceRentMonths !== undefined
          ? advanceRentFor(listingType, changes.advanceRentMonths)
          : listingType !== 'rent' && existing.advance_rent_months !== null
            ? null
            : undefined;
      await runCommand(
        store,
        requestOrigin(c.var),
        listingCommands,
        id,
        {
          type: 'EditProperty',
          actor: actorOf(c),
          changes: stripUndefined({ ...changes, ...place, digitalAddress, advanceRentMonths }),
          images,
          isActive,
          at: clock().toISOString(),
        },
        { expectedVersion },
      );
      const row = await findProperty(db, id);
      return c.json(toProperty(row!, c.var.user));
    })
    .delete('/:id', requireUser, async (c) => {
      const id = c.req.param('id');
      await visibleProperty(c, db, id);
      await runCommand(store, requestOrigin(c.var), listingCommands, id, {
        type: 'DeleteByOwner',
        actor: actorOf(c),
        at: clock().toISOString(),
      });
      return c.json({ message: 'Property deleted successfully' });
    });
}

function stripUndefined<T extends object>(value: T): { [K in keyof T]: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]: Exclude<T[K], undefined>;
  };
}
