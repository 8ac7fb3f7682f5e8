import { agentLicenseLabel, licenseStatusSql } from '../agent-licenses/agent-licenses.read.ts';
import { exceedsRentActAdvance } from '../../events/listing/advance-rent.policy.ts';
import type { PropertyRow } from '../../events/listing/properties.projection.ts';
import type { SqlClient } from '../../events/store/sql.ts';
import type { User } from '../contract/auth.schema.ts';
import type {
  Amenity,
  Category,
  Currency,
  ListingType,
  PricingPeriod,
  Property,
  PropertyType,
  UserType,
} from '../contract/properties.schema.ts';
import { isUuid } from '../http/is-uuid.ts';

/** A row of the properties read model (as the projection writes it) joined with its owner's public fields. */
export type PropertyReadRow = Omit<
  PropertyRow,
  'deleted' | 'created_at' | 'updated_at' | 'confirmed_at' | 'expires_at'
> & {
  is_live: boolean;
  /** The ratings of its reviews not removed (listing_ratings); null before the first. */
  rating_sum: number | null;
  review_count: number | null;
  confirmed_at: Date | null;
  expires_at: Date | null;
  created_at: Date;
  updated_at: Date;
  owner_first_name: string | null;
  owner_last_name: string | null;
  owner_business_name: string | null;
  owner_user_type: string | null;
  owner_email: string | null;
  owner_phone: string | null;
  owner_license_status: string | null;
};

export const PROPERTY_SELECT = `select p.id, p.owner_id, p.title, p.description, p.property_type, p.category, p.listing_type,
  p.address, p.city, p.region, p.country, p.location, p.digital_address, p.advance_rent_months, p.price_per_night, p.currency, p.pricing_period, p.bedrooms, p.bathrooms,
  p.amenities, p.images, p.is_verified, p.is_active, p.is_featured, p.featured_order, p.is_live, p.created_at,
  p.confirmed_at, p.expires_at, p.down_reason,
  p.updated_at, p.version, u.first_name as owner_first_name, u.last_name as owner_last_name,
  u.business_name as owner_business_name, u.user_type as owner_user_type, u.email as owner_email, u.phone as owner_phone,
  ${licenseStatusSql('u')} as owner_license_status, r.rating_sum, r.review_count
  from properties p left join users u on u.id = p.owner_id left join listing_ratings r on r.listing_id = p.id`;

export type Viewer = Pick<User, 'id' | 'isAdmin'> | null;

/** The spec's average rating, to one decimal; null without reviews (docs/decisions/410). */
export const averageRating = (sum: number | null, count: number | null): number | null =>
  count ? Math.round((Number(sum) * 10) / count) / 10 : null;

/** CONTRACT.md: what is not live is seen only by its owner and admins; everyone else gets 404. */
export const canSee = (row: PropertyReadRow, viewer: Viewer) =>
  row.is_live || (viewer !== null && (viewer.isAdmin || viewer.id === row.owner_id));

/** Owner contact details and the GPS address: a signed-in caller on a live property, the owner, and admins. */
const seesContact = (row: PropertyReadRow, viewer: Viewer) =>
  viewer !== null && (row.is_live || viewer.isAdmin || viewer.id === row.owner_id);

export function toProperty(row: PropertyReadRow, viewer: Viewer): Property {
  const property: Property = {
    id: row.id,
    ownerId: row.owner_id,
    title: row.title,
    description: row.description,
    propertyType: row.property_type as PropertyType,
    category: row.category as Category,
    listingType: row.listing_type as ListingType,
    address: row.address,
    city: row.city,
    region: row.region || null,
    country: row.country,
    location: row.location,
    advanceRentMonths: row.advance_rent_months,
    exceedsRentActAdvance: exceedsRentActAdvance({
      country: row.country,
      listingType: row.listing_type,
      advanceRentMonths: row.advance_rent_months,
    }),
    pricePerNight: row.price_per_night,
    currency: row.currency as Currency,
    pricingPeriod: row.pricing_period as PricingPeriod,
    bedrooms: row.bedrooms,
    bathrooms: row.bathrooms,
    amenities: row.amenities as Amenity[],
    images: row.images,
    image: row.images[0] ?? null,
    isActive: row.is_active,
    isVerified: row.is_verified,
    isFeatured: row.is_featured,
    featuredOrder: row.featured_order,
    averageRating: averageRating(row.rating_sum, row.review_count),
    reviewCount: row.review_count ?? 0,
    ownerUserType: row.owner_user_type as UserType | null,
    ownerFirstName: row.owner_first_name,
    ownerLastName: row.owner_last_name,
    ownerBusinessName: row.owner_business_name,
    ownerAgentLicense: agentLicenseLabel(row.owner_user_type, row.owner_license_status),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    version: row.version,
    confirmedAvailableAt: row.confirmed_at && new Date(row.confirmed_at).toISOString(),
    downReason: row.down_reason as Property['downReason'],
    expiresAt: row.expires_at && new Date(row.expires_at).toISOString(),
  };
  if (seesContact(row, viewer)) {
    property.ownerEmail = row.owner_email;
    property.ownerPhone = row.owner_phone;
    // It leads to the door, as a phone number leads to the owner: the same callers see it.
    property.digitalAddress = row.digital_address || null;
  }
  return property;
}

/** A listing that exists and is not deleted, whoever may see it. */
export async function findProperty(db: SqlClient, id: string): Promise<PropertyReadRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.query<PropertyReadRow>(`${PROPERTY_SELECT} where p.id = $1 and not p.deleted`, [id]);
  return row;
}

export async function listOwnProperties(db: SqlClient, ownerId: string): Promise<PropertyReadRow[]> {
  return db.query<PropertyReadRow>(
    `${PROPERTY_SELECT} where p.owner_id = $1 and not p.deleted order by p.created_at desc, p.id desc`,
    [ownerId],
  );
}

/** Live and featured, in the admins' order (the home page). */
export async function listFeatured(db: SqlClient, { liveOnly }: { liveOnly: boolean }): Promise<PropertyReadRow[]> {
  return db.query<PropertyReadRow>(
    `${PROPERTY_SELECT} where p.is_featured and not p.deleted ${liveOnly ? 'and p.is_live' : ''}
     order by p.featured_order nulls last, p.id limit 100`,
  );
}

export async function nextFeaturedOrder(db: SqlClient): Promise<number> {
  const [row] = await db.query<{ next: number }>(
    'select (coalesce(max(featured_order), 0) + 1)::int as next from properties where is_featured and not deleted',
  );
  return row?.next ?? 1;
}
