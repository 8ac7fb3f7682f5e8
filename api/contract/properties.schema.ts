import * as v from 'valibot';
import type { AgentLicenseLabel } from './agent-licenses.schema.ts';
import { queryInt } from './query-int.ts';
import { MAX_ADVANCE_RENT_FILTER, MAX_ADVANCE_RENT_MONTHS } from '../../events/listing/advance-rent.policy.ts';
import { GHANA_REGIONS, parseDigitalAddress } from '../../events/listing/places.policy.ts';
import { COUNTRIES, defaultCurrencyOf } from './places.ts';

// The HTTP shapes of listings (CONTRACT.md "Resources", spec part 1 §3, §5, §7
// and part 2 §7). The PWA imports this file for its forms: no node:*, no SQL.

export const PROPERTY_TYPES = ['apartment', 'house', 'studio', 'room'] as const;
export const CATEGORIES = ['general', 'student', 'corporate', 'tourist'] as const;
export const LISTING_TYPES = ['rent', 'sale'] as const;
export const CURRENCIES = ['GH₵', '$'] as const;
export const PRICING_PERIODS = ['week', 'month', 'year'] as const;
export const AMENITIES = [
  'wifi',
  'kitchen',
  'parking',
  'pool',
  'gym',
  'laundry',
  'air_conditioning',
  'heating',
  'balcony',
  'garden',
  'workspace',
  'tv',
] as const;
export const SORTS = ['newest', 'price_asc', 'price_desc'] as const;
export const ADMIN_STATUSES = ['all', 'active', 'inactive', 'verified', 'unverified'] as const;

export type PropertyType = (typeof PROPERTY_TYPES)[number];
export type Category = (typeof CATEGORIES)[number];
export type ListingType = (typeof LISTING_TYPES)[number];
export type Currency = (typeof CURRENCIES)[number];
export type PricingPeriod = (typeof PRICING_PERIODS)[number];
export type Amenity = (typeof AMENITIES)[number];

export const MAX_IMAGES_PER_LISTING = 25;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
/**
 * Each upload is stored at three widths, as AVIF and as WebP (browsers pick from `srcset`); `images[]`
 * holds the 1200 px WebP URL, from which the others are named.
 */
export const IMAGE_WIDTHS = [400, 800, 1200] as const;
export const IMAGE_FORMATS = ['avif', 'webp'] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];
export type ImageFormat = (typeof IMAGE_FORMATS)[number];
export const MAX_PRICE = 1_000_000_000;
export const SEARCH_PAGE_SIZE = 12;
export const ADMIN_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

const LARGE_WEBP = /-1200\.webp$/;
/** An uploaded image's rendition, named from the 1200 px WebP URL that `images[]` holds; any other URL unchanged. */
export const imageRenditionUrl = (url: string, width: ImageWidth, format: ImageFormat): string =>
  url.replace(LARGE_WEBP, `-${width}.${format}`);
/** The URL of an uploaded image's 400 px version, derived from the 1200 px URL that `images[]` holds. */
export const smallImageUrl = (url: string): string => imageRenditionUrl(url, 400, 'webp');
export const IMAGE_URL_PATTERN =
  /^\/files\/images\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-1200\.webp$/;

export const REQUIRED_MESSAGE = 'Please fill in all required fields';
export const PRICE_MESSAGE = 'Please enter a valid price';

const requiredText = (max: number, label: string) =>
  v.pipe(
    v.string(REQUIRED_MESSAGE),
    v.trim(),
    v.nonEmpty(REQUIRED_MESSAGE),
    v.maxLength(max, `${label} must be at most ${max} characters`),
  );
const optionalText = (max: number, label: string) =>
  v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max, `${label} must be at most ${max} characters`)));

export const DIGITAL_ADDRESS_MESSAGE = 'Enter a GhanaPost GPS address like GA-183-8164';

/** A GhanaPost GPS address in its canonical form (GA-183-8164), or '' for none. */
const digitalAddress = v.pipe(
  v.string(DIGITAL_ADDRESS_MESSAGE),
  v.trim(),
  v.maxLength(20, DIGITAL_ADDRESS_MESSAGE),
  v.check((text) => text === '' || parseDigitalAddress(text) !== null, DIGITAL_ADDRESS_MESSAGE),
  v.transform((text) => (text === '' ? '' : parseDigitalAddress(text)!)),
);

export const ADVANCE_RENT_MESSAGE = `Advance rent must be a whole number of months from 0 to ${MAX_ADVANCE_RENT_MONTHS}`;

/**
 * The months of rent a host asks up front (issue 33): a whole number, or null (or '') for "not
 * said". A form's number field may send it as text.
 */
const advanceRentMonths = v.pipe(
  v.union([v.null(), v.number(ADVANCE_RENT_MESSAGE), v.string(ADVANCE_RENT_MESSAGE)], ADVANCE_RENT_MESSAGE),
  v.transform((value) => (typeof value === 'string' ? (value.trim() === '' ? null : Number(value.trim())) : value)),
  v.union(
    [
      v.null(),
      v.pipe(
        v.number(ADVANCE_RENT_MESSAGE),
        v.integer(ADVANCE_RENT_MESSAGE),
        v.minValue(0, ADVANCE_RENT_MESSAGE),
        v.maxValue(MAX_ADVANCE_RENT_MONTHS, ADVANCE_RENT_MESSAGE),
      ),
    ],
    ADVANCE_RENT_MESSAGE,
  ),
);

/** Spec part 1 §5: price text loses currency symbols, commas and spaces before use. */
const price = v.pipe(
  v.union([v.number(PRICE_MESSAGE), v.string(PRICE_MESSAGE)], PRICE_MESSAGE),
  v.transform((value) => (typeof value === 'number' ? value : Number(value.replace(/GH₵|₵|\$|,|\s/g, '')))),
  v.number(PRICE_MESSAGE),
  v.finite(PRICE_MESSAGE),
  v.gtValue(0, PRICE_MESSAGE),
  v.maxValue(MAX_PRICE, `The price must be at most ${MAX_PRICE.toLocaleString('en-US')}`),
  v.transform((value) => Math.round(value * 100) / 100),
);

const count = (label: string) =>
  v.pipe(
    v.union(
      [v.number(), v.pipe(v.string(), v.regex(/^\d+$/, `${label} must be a whole number`), v.transform(Number))],
      `${label} must be a whole number`,
    ),
    v.number(),
    v.integer(`${label} must be a whole number`),
    v.minValue(0, `${label} must be 0 or more`),
    v.maxValue(100, `${label} must be at most 100`),
  );

const amenities = v.pipe(
  v.array(v.picklist(AMENITIES, `Unknown amenity; choose from ${AMENITIES.join(', ')}`)),
  v.transform((list) => [...new Set(list)]),
);

/** Spec part 1 §3: images may arrive as an array, a JSON string or a single string. */
const images = v.pipe(
  v.union([v.array(v.string()), v.string()], 'Images must be a list of uploaded photo URLs'),
  v.transform((value): unknown => {
    if (Array.isArray(value)) return value;
    if (value.trim().startsWith('[')) {
      try {
        return JSON.parse(value) as unknown;
      } catch {
        return null;
      }
    }
    return value.trim() === '' ? [] : [value];
  }),
  v.array(
    v.pipe(
      v.string(),
      v.regex(IMAGE_URL_PATTERN, 'Images must be photos uploaded to Efie (POST /api/upload/property-images)'),
    ),
    'Images must be a list of uploaded photo URLs',
  ),
  v.transform((list) => [...new Set(list)]),
  v.maxLength(MAX_IMAGES_PER_LISTING, `At most ${MAX_IMAGES_PER_LISTING} photos per listing`),
);

const fields = {
  title: requiredText(200, 'The title'),
  description: requiredText(5000, 'The description'),
  propertyType: v.picklist(PROPERTY_TYPES, `Property type must be one of ${PROPERTY_TYPES.join(', ')}`),
  category: v.picklist(CATEGORIES, `Category must be one of ${CATEGORIES.join(', ')}`),
  listingType: v.picklist(LISTING_TYPES, `Listing type must be one of ${LISTING_TYPES.join(', ')}`),
  address: optionalText(300, 'The address'),
  city: requiredText(100, 'The city'),
  // Which towns a country has is checked by the server against the gazetteer (api/properties/listing-place.ts),
  // which the forms load only where a town is typed: here, the region's name only.
  region: v.picklist(['', ...GHANA_REGIONS], `Region must be one of ${GHANA_REGIONS.join(', ')}`),
  country: v.pipe(
    requiredText(100, 'The country'),
    v.picklist(COUNTRIES, `Country must be one of ${COUNTRIES.join(', ')}`),
  ),
  location: optionalText(200, 'The location'),
  digitalAddress,
  advanceRentMonths,
  pricePerNight: price,
  currency: v.picklist(CURRENCIES, `Currency must be one of ${CURRENCIES.join(', ')}`),
  pricingPeriod: v.picklist(PRICING_PERIODS, `Pricing period must be one of ${PRICING_PERIODS.join(', ')}`),
  bedrooms: count('Bedrooms'),
  bathrooms: count('Bathrooms'),
  amenities,
  images,
};

/** POST /api/properties. Missing enums take the forms' defaults; the address defaults to "city, country". */
export const CreatePropertySchema = v.pipe(
  v.object(
    {
      title: v.optional(fields.title, ''),
      description: v.optional(fields.description, ''),
      propertyType: v.optional(fields.propertyType, 'apartment'),
      category: v.optional(fields.category, 'general'),
      listingType: v.optional(fields.listingType, 'rent'),
      address: fields.address,
      city: v.optional(fields.city, ''),
      region: v.optional(fields.region),
      country: v.optional(fields.country, ''),
      location: fields.location,
      digitalAddress: v.optional(fields.digitalAddress, ''),
      advanceRentMonths: v.optional(fields.advanceRentMonths, null),
      pricePerNight: v.optional(
        v.pipe(
          v.unknown(),
          v.check((p) => p !== null && p !== '', REQUIRED_MESSAGE),
          price,
        ),
      ),
      currency: v.optional(fields.currency),
      pricingPeriod: v.optional(fields.pricingPeriod, 'month'),
      bedrooms: v.optional(fields.bedrooms, 1),
      bathrooms: v.optional(fields.bathrooms, 1),
      amenities: v.optional(fields.amenities, []),
      images: v.optional(fields.images, []),
    },
    'The body must be a JSON object',
  ),
  v.forward(
    v.check((p) => p.pricePerNight !== undefined, REQUIRED_MESSAGE),
    ['pricePerNight'],
  ),
  v.transform((p) => ({
    ...p,
    address: p.address || `${p.city}, ${p.country}`,
    location: p.location || `${p.city}, ${p.country}`,
    pricePerNight: p.pricePerNight as number,
    currency: p.currency ?? defaultCurrencyOf(p.country),
  })),
);
export type CreatePropertyInput = v.InferInput<typeof CreatePropertySchema>;
export type CreateProperty = v.InferOutput<typeof CreatePropertySchema>;

/** PUT /api/properties/{id}: any editable field, isActive, and an optional expectedVersion. */
export const UpdatePropertySchema = v.object(
  {
    title: v.optional(fields.title),
    description: v.optional(fields.description),
    propertyType: v.optional(fields.propertyType),
    category: v.optional(fields.category),
    listingType: v.optional(fields.listingType),
    address: v.optional(requiredText(300, 'The address')),
    city: v.optional(fields.city),
    region: v.optional(fields.region),
    country: v.optional(fields.country),
    location: fields.location,
    digitalAddress: v.optional(fields.digitalAddress),
    advanceRentMonths: v.optional(fields.advanceRentMonths),
    pricePerNight: v.optional(price),
    currency: v.optional(fields.currency),
    pricingPeriod: v.optional(fields.pricingPeriod),
    bedrooms: v.optional(fields.bedrooms),
    bathrooms: v.optional(fields.bathrooms),
    amenities: v.optional(fields.amenities),
    images: v.optional(fields.images),
    isActive: v.optional(v.boolean('isActive must be true or false')),
    expectedVersion: v.optional(
      v.pipe(
        v.number('expectedVersion must be a whole number'),
        v.integer('expectedVersion must be a whole number'),
        v.minValue(0),
      ),
    ),
  },
  'The body must be a JSON object',
);
export type UpdatePropertyInput = v.InferInput<typeof UpdatePropertySchema>;
export type UpdateProperty = v.InferOutput<typeof UpdatePropertySchema>;
const queryPrice = (label: string) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^\d+(\.\d+)?$/, `${label} must be a number of 0 or more`),
    v.transform(Number),
    v.maxValue(MAX_PRICE, `${label} must be at most ${MAX_PRICE}`),
  );
/** A select's "any" choice may arrive as an empty value or "all". */
const anyOr = <const T extends readonly string[]>(options: T, label: string) =>
  v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.transform((s) => (s === '' || s === 'all' || s === 'any' ? undefined : s)),
      v.optional(v.picklist(options, `${label} must be one of ${options.join(', ')}`)),
    ),
  );

/** The spec says weeks, months, years; the property fields say week, month, year: both are accepted. */
export const TIME_PERIODS = ['week', 'weeks', 'month', 'months', 'year', 'years'] as const;

/** A query parameter given empty (`?minPrice=`) means the filter is not set. */
const withoutEmpty = <S extends v.GenericSchema>(schema: S) =>
  v.pipe(
    v.record(v.string(), v.string()),
    v.transform(
      (query) =>
        Object.fromEntries(Object.entries(query).filter(([, value]) => value.trim() !== '')) as v.InferInput<S>,
    ),
    schema,
  );

/** GET /api/properties/search (query strings). */
export const SearchQuerySchema = v.pipe(
  withoutEmpty(
    v.object({
      location: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'Location must be at most 100 characters'))),
      propertyType: anyOr(PROPERTY_TYPES, 'Property type'),
      type: anyOr(PROPERTY_TYPES, 'Property type'),
      category: anyOr(CATEGORIES, 'Category'),
      listingType: anyOr(LISTING_TYPES, 'Listing type'),
      minPrice: v.optional(queryPrice('minPrice')),
      maxPrice: v.optional(queryPrice('maxPrice')),
      timePeriod: v.optional(
        v.pipe(
          v.picklist(TIME_PERIODS, 'timePeriod must be week, month or year'),
          v.transform((p) => p.replace(/s$/, '') as PricingPeriod),
        ),
      ),
      bedrooms: v.optional(queryInt('bedrooms', 0, 100)),
      /** Only listings that state an advance of at most this many months (issue 33: "at most 6 months up front"). */
      maxAdvanceRent: v.optional(queryInt('maxAdvanceRent', 0, MAX_ADVANCE_RENT_FILTER)),
      guests: v.optional(queryInt('guests', 1, 100)),
      amenities: v.optional(
        v.pipe(
          v.string(),
          v.transform((s) => [
            ...new Set(
              s
                .split(',')
                .map((a) => a.trim())
                .filter((a) => a !== ''),
            ),
          ]),
          v.array(v.picklist(AMENITIES, `Unknown amenity; choose from ${AMENITIES.join(', ')}`)),
        ),
      ),
      saved: v.optional(v.string()),
      page: v.optional(queryInt('page', 1, 100_000), '1'),
      limit: v.optional(queryInt('limit', 1, MAX_PAGE_SIZE), String(SEARCH_PAGE_SIZE)),
      sort: v.optional(v.picklist(SORTS, `sort must be one of ${SORTS.join(', ')}`), 'newest'),
    }),
  ),
  v.check(
    (q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice,
    'minPrice must not be above maxPrice',
  ),
  v.transform(({ type, propertyType, saved: _saved, location, ...rest }) => ({
    ...rest,
    location: location === '' ? undefined : location,
    propertyType: propertyType ?? type,
  })),
);
export type SearchQuery = v.InferOutput<typeof SearchQuerySchema>;

/** GET /api/admin/properties */
export const AdminListQuerySchema = withoutEmpty(
  v.object({
    search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'Search text must be at most 100 characters'))),
    status: v.optional(
      v.pipe(
        v.string(),
        v.transform((s) => (s === '' ? 'all' : s)),
        v.picklist(ADMIN_STATUSES, `status must be one of ${ADMIN_STATUSES.join(', ')}`),
      ),
      'all',
    ),
    page: v.optional(queryInt('page', 1, 100_000), '1'),
    limit: v.optional(queryInt('limit', 1, MAX_PAGE_SIZE), String(ADMIN_PAGE_SIZE)),
  }),
);
export type AdminListQuery = v.InferOutput<typeof AdminListQuerySchema>;

export const VisibilitySchema = v.object(
  { isActive: v.boolean('isActive must be true or false') },
  'The body must be a JSON object',
);

export const FeaturedSchema = v.object(
  {
    isFeatured: v.boolean('isFeatured must be true or false'),
    featuredOrder: v.optional(
      v.nullable(
        v.pipe(
          v.number('featuredOrder must be a whole number'),
          v.integer('featuredOrder must be a whole number'),
          v.minValue(1, 'featuredOrder starts at 1'),
          v.maxValue(10_000),
        ),
      ),
    ),
  },
  'The body must be a JSON object',
);

export const ReorderFeaturedSchema = v.pipe(
  v.object(
    {
      propertyOrders: v.pipe(
        v.array(
          v.object({
            id: v.pipe(v.string(), v.uuid('Each id must be a property id')),
            order: v.pipe(
              v.number('order must be a whole number'),
              v.integer('order must be a whole number'),
              v.minValue(1, 'Orders start at 1'),
              v.maxValue(10_000),
            ),
          }),
          'propertyOrders must be a list of {id, order}',
        ),
        v.minLength(1, 'propertyOrders must not be empty'),
        v.maxLength(MAX_PAGE_SIZE, `At most ${MAX_PAGE_SIZE} properties at once`),
      ),
    },
    'The body must be a JSON object',
  ),
  v.check(
    (b) => new Set(b.propertyOrders.map((p) => p.id)).size === b.propertyOrders.length,
    'Each property may appear only once',
  ),
  v.check(
    (b) => new Set(b.propertyOrders.map((p) => p.order)).size === b.propertyOrders.length,
    'Each order may appear only once',
  ),
);

/** POST /api/upload/property-images as JSON (the list wizard): data URLs. Multipart uses the field `images`. */
export const UploadImagesJsonSchema = v.object(
  {
    images: v.pipe(
      v.array(v.string('Each image must be a data URL'), 'images must be a list of data URLs'),
      v.minLength(1, 'Choose at least one photo'),
      v.maxLength(MAX_IMAGES_PER_LISTING, `At most ${MAX_IMAGES_PER_LISTING} photos per listing`),
    ),
  },
  'The body must be a JSON object',
);

export type UserType = 'renter' | 'owner' | 'agent' | 'both';

/** A listing as every call answers it (CONTRACT.md "Resources"), plus `version` for expectedVersion. */
export type Property = {
  id: string;
  ownerId: string;
  title: string;
  description: string;
  propertyType: PropertyType;
  category: Category;
  listingType: ListingType;
  address: string;
  city: string;
  /** A Ghanaian listing's region (one of the 16), null elsewhere (issue 33). */
  region: string | null;
  country: string;
  location: string | null;
  /** A Ghanaian listing's GhanaPost GPS address; with the owner's contact details, for the same callers. */
  digitalAddress?: string | null;
  /** Months of rent asked up front, null when the host has not said (issue 33). */
  advanceRentMonths: number | null;
  /** A Ghanaian rental asking more up front than the Rent Act's six months: the listing carries a notice. */
  exceedsRentActAdvance: boolean;
  pricePerNight: number;
  currency: Currency;
  pricingPeriod: PricingPeriod;
  bedrooms: number;
  bathrooms: number;
  amenities: Amenity[];
  images: string[];
  image: string | null;
  isActive: boolean;
  isVerified: boolean;
  isFeatured: boolean;
  featuredOrder: number | null;
  averageRating: number | null;
  reviewCount: number;
  ownerUserType: UserType | null;
  ownerFirstName: string | null;
  ownerLastName: string | null;
  ownerBusinessName: string | null;
  /** An agent owner's licence as the admins checked it (issue 33); null when the owner is not an agent. */
  ownerAgentLicense: AgentLicenseLabel | null;
  /** Only for a signed-in caller on a live property, the owner and admins. */
  ownerEmail?: string | null;
  ownerPhone?: string | null;
  createdAt: string;
  updatedAt: string;
  version: number;
  /** When the host last said it is still available, or it was approved (docs/decisions/400); null before approval. */
  confirmedAvailableAt: string | null;
  /** Out of search until its host brings it back: not confirmed for 45 days, or let; else null. */
  downReason: 'expired' | 'let' | null;
  /** When it leaves search unless its host confirms, once they were reminded (the same for everyone, as search cards are). */
  expiresAt: string | null;
};

export type PropertyPage = { properties: Property[]; total: number; page: number; pageSize: number };
/**
 * GET /api/properties/search. `total` is exact while `totalIsExact`; otherwise
 * at least `total` + 1 listings match (shown as "1,000+"), counted no further.
 */
export type SearchPage = PropertyPage & { totalIsExact: boolean };
export type UploadImagesAnswer = { images: string[] };

/** The Rent Act's advance-rent rule, for the forms and the listing page (issue 33). */
export {
  exceedsRentActAdvance,
  MAX_ADVANCE_RENT_FILTER,
  MAX_ADVANCE_RENT_MONTHS,
  RENT_ACT_ADVANCE_LIMIT_MONTHS,
} from '../../events/listing/advance-rent.policy.ts';
