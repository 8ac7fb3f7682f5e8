import * as v from 'valibot';
import { defineEvent } from '../store/event-type.ts';

// A service provider's application on its own stream `service-provider-<id>`.
// The API validates the values (api/contract/service-providers.schema.ts);
// here they are stored as given. Every change after registration names the
// admin who made it.

export const serviceProviderStreamId = (providerId: string) => `service-provider-${providerId}`;

/** Spec part 2 §3: the five categories, in the order the screens show them. */
export const PROVIDER_CATEGORIES = ['contractor', 'plumber', 'electrician', 'painter', 'gardener'] as const;
export type ProviderCategory = (typeof PROVIDER_CATEGORIES)[number];

export const PROVIDER_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ProviderStatus = (typeof PROVIDER_STATUSES)[number];

export const ProviderDetailsSchema = v.object({
  categoryId: v.picklist(PROVIDER_CATEGORIES),
  businessName: v.string(),
  contactPerson: v.string(),
  email: v.string(),
  phone: v.string(),
  businessAddress: v.string(),
  serviceArea: v.string(),
  yearsExperience: v.number(),
  servicesOffered: v.string(),
  emergencyAvailable: v.boolean(),
  description: v.string(),
});
export type ProviderDetails = v.InferOutput<typeof ProviderDetailsSchema>;

const at = v.string();
const admin = v.string();

export const ServiceProviderRegistered = defineEvent(
  'ServiceProviderRegistered',
  v.object({ providerId: v.string(), applicantId: v.string(), details: ProviderDetailsSchema, registeredAt: at }),
);
export const ServiceProviderApproved = defineEvent(
  'ServiceProviderApproved',
  v.object({ providerId: v.string(), approvedBy: admin, approvedAt: at }),
);
export const ServiceProviderRejected = defineEvent(
  'ServiceProviderRejected',
  v.object({ providerId: v.string(), rejectedBy: admin, rejectedAt: at }),
);
/** Approved → rejected: the spec's Revoke Approval. */
export const ServiceProviderApprovalRevoked = defineEvent(
  'ServiceProviderApprovalRevoked',
  v.object({ providerId: v.string(), revokedBy: admin, revokedAt: at }),
);
/** Rejected → approved. */
export const ServiceProviderReapproved = defineEvent(
  'ServiceProviderReapproved',
  v.object({ providerId: v.string(), approvedBy: admin, approvedAt: at }),
);

export const serviceProviderEventTypes = [
  ServiceProviderRegistered,
  ServiceProviderApproved,
  ServiceProviderRejected,
  ServiceProviderApprovalRevoked,
  ServiceProviderReapproved,
] as const;

export const SERVICE_PROVIDER_EVENT_NAMES: readonly string[] = serviceProviderEventTypes.map((t) => t.type);
