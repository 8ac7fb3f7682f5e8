import * as v from 'valibot';
import { queryInt } from './query-int.ts';
import { EmailSchema, PhoneSchema } from './auth.schema.ts';
import {
  PROVIDER_CATEGORIES,
  PROVIDER_STATUSES,
  type ProviderCategory,
  type ProviderStatus,
} from './service-provider-categories.ts';

// The HTTP shapes of home-maintenance service providers (spec part 2 §2, §3,
// §5, §7). The PWA imports this file for its forms: no node:*, no SQL.

export { PROVIDER_CATEGORIES, PROVIDER_STATUSES, type ProviderCategory, type ProviderStatus };

export const MAX_YEARS_EXPERIENCE = 50;
export const MAX_MONTHS_EXPERIENCE = 11;
export const DIRECTORY_PAGE_SIZE = 12;
export const ADMIN_PROVIDER_PAGE_SIZE = 20;
export const MAX_PROVIDER_PAGE_SIZE = 100;

/** Longest text per field (characters, after trimming). */
export const PROVIDER_TEXT_LIMITS = {
  businessName: 120,
  contactPerson: 100,
  businessAddress: 300,
  serviceArea: 200,
  servicesOffered: 1000,
  description: 2000,
} as const;

const required = (label: string, max: number) =>
  v.pipe(
    v.string(`${label} is required`),
    v.trim(),
    v.nonEmpty(`${label} is required`),
    v.maxLength(max, `${label} must be at most ${max} characters`),
  );

/**
 * Spec part 2 §5: the form takes years 0–50 and months 0–11 and sends whole
 * years rounded down (yearsFromForm); the server takes whole years 0–50 only.
 */
export const YearsExperienceSchema = v.pipe(
  v.number('Years of experience must be a whole number from 0 to 50'),
  v.integer('Years of experience must be a whole number from 0 to 50'),
  v.minValue(0, 'Years of experience must be a whole number from 0 to 50'),
  v.maxValue(MAX_YEARS_EXPERIENCE, 'Years of experience must be a whole number from 0 to 50'),
);

/** The form's years and months as whole years, rounded down (spec part 2 §5). */
export const yearsFromForm = (years: number, months: number) => Math.floor((years * 12 + months) / 12);

const CATEGORY_MESSAGE = 'Choose a category: contractor, plumber, electrician, painter, gardener';

/**
 * POST /api/service-providers. A missing field counts as empty, so it gets the
 * field's own message rather than the object's.
 */
export const RegisterProviderSchema = v.object(
  {
    categoryId: v.optional(v.pipe(v.string(CATEGORY_MESSAGE), v.picklist(PROVIDER_CATEGORIES, CATEGORY_MESSAGE)), ''),
    businessName: v.optional(required('Business name', PROVIDER_TEXT_LIMITS.businessName), ''),
    contactPerson: v.optional(required('Contact person', PROVIDER_TEXT_LIMITS.contactPerson), ''),
    email: v.optional(EmailSchema, ''),
    phone: v.optional(PhoneSchema, ''),
    businessAddress: v.optional(required('Business address', PROVIDER_TEXT_LIMITS.businessAddress), ''),
    serviceArea: v.optional(required('Service coverage area', PROVIDER_TEXT_LIMITS.serviceArea), ''),
    // -1 is out of range: a missing value gets the range's message.
    yearsExperience: v.optional(YearsExperienceSchema, -1),
    servicesOffered: v.optional(required('Services offered', PROVIDER_TEXT_LIMITS.servicesOffered), ''),
    emergencyAvailable: v.optional(v.boolean('Emergency availability must be true or false'), false),
    description: v.optional(
      v.pipe(
        v.nullable(v.string('The description must be text')),
        v.transform((value) => (value ?? '').trim()),
        v.maxLength(
          PROVIDER_TEXT_LIMITS.description,
          `The description must be at most ${PROVIDER_TEXT_LIMITS.description} characters`,
        ),
      ),
      '',
    ),
  },
  'The body must be a JSON object',
);
export type RegisterProviderInput = v.InferInput<typeof RegisterProviderSchema>;
export type RegisterProvider = v.InferOutput<typeof RegisterProviderSchema>;

/** PATCH /api/service-providers/{id}/status. */
export const ProviderStatusSchema = v.object(
  { status: v.picklist(PROVIDER_STATUSES, 'status must be one of pending, approved, rejected') },
  'The body must be a JSON object',
);

/** GET /api/service-providers. An empty parameter (`?category=`) means the filter is not set. */
const ProviderListQueryObject = v.object({
  status: v.optional(
    v.picklist(['pending', 'approved', 'rejected', 'all'], 'status must be one of pending, approved, rejected or all'),
    'all',
  ),
  category: v.optional(
    v.picklist(PROVIDER_CATEGORIES, 'category must be one of contractor, plumber, electrician, painter, gardener'),
  ),
  area: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'The area must be at most 100 characters'))),
  emergency: v.optional(
    v.pipe(
      v.picklist(['true', 'false'], 'emergency must be true or false'),
      v.transform((s) => s === 'true'),
    ),
  ),
  page: v.optional(queryInt('page', 1, 100_000), '1'),
  limit: v.optional(queryInt('limit', 1, MAX_PROVIDER_PAGE_SIZE)),
});
export const ProviderListQuerySchema = v.pipe(
  v.record(v.string(), v.string()),
  v.transform(
    (query) =>
      Object.fromEntries(Object.entries(query).filter(([, value]) => value.trim() !== '')) as v.InferInput<
        typeof ProviderListQueryObject
      >,
  ),
  ProviderListQueryObject,
);
export type ProviderListQuery = v.InferOutput<typeof ProviderListQuerySchema>;

/** A provider as the API answers it. */
export type ServiceProvider = {
  id: string;
  categoryId: ProviderCategory;
  businessName: string;
  contactPerson: string;
  email: string;
  phone: string;
  businessAddress: string;
  serviceArea: string;
  yearsExperience: number;
  servicesOffered: string;
  emergencyAvailable: boolean;
  description: string;
  status: ProviderStatus;
  createdAt: string;
  updatedAt: string;
};

export type ProviderCounts = Record<ProviderStatus, number>;

/** GET /api/service-providers: `counts` only for admins (every status, whatever the filters). */
export type ProviderPage = {
  providers: ServiceProvider[];
  total: number;
  page: number;
  pageSize: number;
  counts?: ProviderCounts;
};

/**
 * emailHeldBack: the decision stands, but its e-mail was not sent because the application's
 * address has had as many messages from Efie as it may for now (docs/decisions/120).
 */
export type ProviderStatusAnswer = { message: string; provider: ServiceProvider; emailHeldBack: boolean };
