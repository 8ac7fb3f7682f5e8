import type { RecordedEvent } from '../store/event-store.ts';
import { createEventDecoder } from '../store/event-type.ts';
import type { Projection } from '../store/projections.ts';
import type { SqlClient } from '../store/sql.ts';
import type { ListingEvent } from './listing.decider.ts';
import { LISTING_EVENT_NAMES, listingEventTypes } from './listing.events.ts';
import { recordSearchChange, setSearchIndexesAside, writeListingSearch } from './listing-search.writer.ts';

/** A row of the `properties` table as the projection writes it (generated columns aside). */
export type PropertyRow = {
  id: string;
  owner_id: string;
  title: string;
  description: string;
  property_type: string;
  category: string;
  listing_type: string;
  address: string;
  city: string;
  region: string;
  country: string;
  location: string;
  digital_address: string;
  advance_rent_months: number | null;
  price_per_night: number;
  currency: string;
  pricing_period: string;
  bedrooms: number;
  bathrooms: number;
  amenities: string[];
  images: string[];
  is_verified: boolean;
  is_active: boolean;
  is_featured: boolean;
  featured_order: number | null;
  deleted: boolean;
  /** Approved or last confirmed available (docs/decisions/400); null while never approved. */
  confirmed_at: string | null;
  /** When it leaves search, once its host was reminded; else null. */
  expires_at: string | null;
  /** Why it is out of search until its host brings it back: 'expired' or 'let'; else null. */
  down_reason: string | null;
  created_at: string;
  updated_at: string;
  version: number;
};

const COLUMNS = [
  ['id', 'uuid'],
  ['owner_id', 'uuid'],
  ['title', 'text'],
  ['description', 'text'],
  ['property_type', 'text'],
  ['category', 'text'],
  ['listing_type', 'text'],
  ['address', 'text'],
  ['city', 'text'],
  ['region', 'text'],
  ['country', 'text'],
  ['location', 'text'],
  ['digital_address', 'text'],
  ['advance_rent_months', 'integer'],
  ['price_per_night', 'double precision'],
  ['currency', 'text'],
  ['pricing_period', 'text'],
  ['bedrooms', 'integer'],
  ['bathrooms', 'integer'],
  ['amenities', 'text[]'],
  ['images', 'text[]'],
  ['is_verified', 'boolean'],
  ['is_active', 'boolean'],
  ['is_featured', 'boolean'],
  ['featured_order', 'integer'],
  ['deleted', 'boolean'],
  ['confirmed_at', 'timestamptz'],
  ['expires_at', 'timestamptz'],
  ['down_reason', 'text'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
  ['version', 'integer'],
] as const;
const names = COLUMNS.map(([name]) => name).join(', ');

/** One statement per batch: every changed row goes in as JSON and is upserted. */
const UPSERT = `insert into properties (${names})
  select ${names} from jsonb_to_recordset($1::jsonb->'rows') as r(${COLUMNS.map(([n, t]) => `${n} ${t}`).join(', ')})
  on conflict (id) do update set ${COLUMNS.filter(([n]) => n !== 'id')
    .map(([n]) => `${n} = excluded.${n}`)
    .join(', ')}`;

const decode = createEventDecoder(listingEventTypes);

function applyEvent(
  row: PropertyRow | undefined,
  event: ListingEvent,
  recorded: RecordedEvent,
): PropertyRow | undefined {
  const at = recorded.recordedAt.toISOString();
  const version = recorded.streamVersion;
  if (event.type === 'PropertySubmitted') {
    const { details: d, propertyId, ownerId, images, submittedAt } = event.data;
    return {
      id: propertyId,
      owner_id: ownerId,
      title: d.title,
      description: d.description,
      property_type: d.propertyType,
      category: d.category,
      listing_type: d.listingType,
      address: d.address,
      city: d.city,
      region: d.region,
      country: d.country,
      location: d.location,
      digital_address: d.digitalAddress,
      advance_rent_months: d.advanceRentMonths,
      price_per_night: d.pricePerNight,
      currency: d.currency,
      pricing_period: d.pricingPeriod,
      bedrooms: d.bedrooms,
      bathrooms: d.bathrooms,
      amenities: d.amenities,
      images,
      is_verified: false,
      is_active: true,
      is_featured: false,
      featured_order: null,
      deleted: false,
      confirmed_at: null,
      expires_at: null,
      down_reason: null,
      created_at: submittedAt,
      updated_at: submittedAt,
      version,
    };
  }
  if (!row) return undefined;
  const next: PropertyRow = { ...row, version, updated_at: at };
  switch (event.type) {
    case 'PropertyEdited': {
      const c = event.data.changes;
      const map: [keyof typeof c, keyof PropertyRow][] = [
        ['title', 'title'],
        ['description', 'description'],
        ['propertyType', 'property_type'],
        ['category', 'category'],
        ['listingType', 'listing_type'],
        ['address', 'address'],
        ['city', 'city'],
        ['region', 'region'],
        ['country', 'country'],
        ['location', 'location'],
        ['digitalAddress', 'digital_address'],
        ['advanceRentMonths', 'advance_rent_months'],
        ['pricePerNight', 'price_per_night'],
        ['currency', 'currency'],
        ['pricingPeriod', 'pricing_period'],
        ['bedrooms', 'bedrooms'],
        ['bathrooms', 'bathrooms'],
        ['amenities', 'amenities'],
      ];
      for (const [from, to] of map) if (c[from] !== undefined) Object.assign(next, { [to]: c[from] });
      return next;
    }
    case 'PropertyImagesChanged':
      return { ...next, images: event.data.images };
    case 'PropertyApproved':
      return { ...next, is_verified: true, confirmed_at: event.data.approvedAt, expires_at: null };
    case 'PropertyHidden':
      return { ...next, is_active: false };
    case 'PropertyShown':
      return { ...next, is_active: true, down_reason: null };
    case 'ListingAvailabilityConfirmed':
      return { ...next, confirmed_at: event.data.confirmedAt, expires_at: null };
    case 'ListingExpiryReminded':
      return { ...next, expires_at: event.data.expiresAt };
    case 'ListingExpired':
      return { ...next, is_active: false, down_reason: 'expired' };
    case 'ListingMarkedLet':
      return { ...next, is_active: false, down_reason: 'let' };
    case 'ListingRelisted':
      return {
        ...next,
        is_active: true,
        is_verified: next.is_verified && !event.data.needsReview,
        down_reason: null,
        confirmed_at: event.data.relistedAt,
        expires_at: null,
      };
    case 'PropertyFeatured':
    case 'PropertyFeaturedOrderChanged':
      return { ...next, is_featured: true, featured_order: event.data.featuredOrder };
    case 'PropertyUnfeatured':
      return { ...next, is_featured: false, featured_order: null };
    case 'PropertyDeletedByOwner':
      return { ...next, deleted: true, is_featured: false, featured_order: null };
    case 'PropertyDeletedPermanently':
      return { ...next, deleted: true, is_featured: false, featured_order: null, images: [] };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

/**
 * The `properties` read model and the search read model drawn from it
 * (listing-search.writer.ts). Per batch: read the rows the batch touches in
 * one query, fold the events in memory (skipping any at or below a row's
 * version, so a replay changes nothing), write the changed rows in one upsert,
 * then their search rows.
 */
export const propertiesProjection: Projection = {
  name: 'properties',
  tables: ['properties', 'listing_search', 'search_places'],
  async onRebuild(tx) {
    // Rows the rebuild replaces were never seen by the change log: every cached search answer is stale.
    await recordSearchChange(tx, null);
    return setSearchIndexesAside(tx);
  },
  handles: LISTING_EVENT_NAMES,
  async apply(tx: SqlClient, events: RecordedEvent[]) {
    const ids = [...new Set(events.map((e) => (e.data as { propertyId: string }).propertyId))];
    const existing = await tx.query<
      PropertyRow & { created_at: Date; updated_at: Date; confirmed_at: Date | null; expires_at: Date | null }
    >(`select ${names} from properties where id = any($1::uuid[])`, [ids]);
    const before = new Map<string, PropertyRow>(
      existing.map((r) => [
        r.id,
        {
          ...r,
          created_at: r.created_at.toISOString(),
          updated_at: r.updated_at.toISOString(),
          confirmed_at: r.confirmed_at && new Date(r.confirmed_at).toISOString(),
          expires_at: r.expires_at && new Date(r.expires_at).toISOString(),
        },
      ]),
    );
    const rows = new Map(before);
    const changed = new Set<string>();
    for (const recorded of events) {
      const event = decode(recorded);
      const id = event.data.propertyId;
      const row = rows.get(id);
      if (row && recorded.streamVersion <= row.version) continue;
      const next = applyEvent(row, event, recorded);
      if (!next) continue;
      rows.set(id, next);
      changed.add(id);
    }
    if (changed.size === 0) return;
    await tx.query(UPSERT, [{ rows: [...changed].map((id) => rows.get(id)) }]);
    await writeListingSearch(
      tx,
      [...changed].map((id) => ({ id, before: before.get(id), after: rows.get(id)! })),
    );
  },
};
