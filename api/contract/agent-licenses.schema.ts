import * as v from 'valibot';
import { queryInt } from './query-int.ts';

// Agents' licences under the Real Estate Agency Act, 2020 (Act 1047), as the admins check them
// (issue 33, docs/decisions/330). The agent enters the number in their profile (`licenseNumber`).

/**
 * An agent's licence as the admins see it, and as the agent sees their own: `none` (no number in
 * the profile), `pending` (nobody has checked this number yet), `verified`, `rejected`.
 */
export const LICENSE_STATUSES = ['none', 'pending', 'verified', 'rejected'] as const;
export type LicenseStatus = (typeof LICENSE_STATUSES)[number];

/** What renters are told of a listing's owner: a verified agent, an agent nobody has verified, or not an agent (null). */
export type AgentLicenseLabel = 'verified' | 'unverified';

export const ADMIN_LICENSES_PAGE_SIZE = 20;
const LISTED_STATUSES = ['pending', 'verified', 'rejected', 'all'] as const;

/** GET /api/admin/agent-licenses: agents with a licence number, the unchecked first by default. */
export const AdminLicensesQuerySchema = v.object({
  status: v.optional(v.picklist(LISTED_STATUSES, `status must be one of ${LISTED_STATUSES.join(', ')}`), 'pending'),
  page: v.optional(queryInt('page', 1, 100_000), '1'),
  limit: v.optional(queryInt('limit', 1, 100), String(ADMIN_LICENSES_PAGE_SIZE)),
});
export type AdminLicensesQuery = v.InferOutput<typeof AdminLicensesQuerySchema>;

const licenseNumber = v.pipe(
  v.string('licenseNumber must be the number the agent gave'),
  v.trim(),
  v.nonEmpty('licenseNumber must be the number the agent gave'),
  v.maxLength(100, 'licenseNumber must be at most 100 characters'),
);

export const REJECTION_REASON_MESSAGE = 'Say why the licence is rejected: the agent is shown it';

/**
 * POST /api/admin/agent-licenses/{userId}/verify. `licenseNumber` is the number the admin checked:
 * when the agent has changed it since, the call is refused (409) and the admin checks the new one.
 */
export const VerifyLicenseSchema = v.object({ licenseNumber }, 'The body must be a JSON object');

/** POST /api/admin/agent-licenses/{userId}/reject: the number checked and the reason the agent is shown. */
export const RejectLicenseSchema = v.object(
  {
    licenseNumber,
    reason: v.pipe(
      v.string(REJECTION_REASON_MESSAGE),
      v.trim(),
      v.nonEmpty(REJECTION_REASON_MESSAGE),
      v.maxLength(500, 'The reason must be at most 500 characters'),
    ),
  },
  'The body must be a JSON object',
);

/** An agent in the admins' licence queue. */
export type AgentLicenseEntry = {
  userId: string;
  firstName: string | null;
  lastName: string | null;
  businessName: string | null;
  email: string | null;
  phone: string | null;
  licenseNumber: string;
  status: Exclude<LicenseStatus, 'none'>;
  /** The last finding's reason when rejected; when and by whom it was made (null while pending). */
  reason: string | null;
  decidedAt: string | null;
  /** The agent's listings that are live: what a verification or a rejection is seen on. */
  liveListings: number;
};
export type AgentLicensePage = { agents: AgentLicenseEntry[]; total: number; page: number; pageSize: number };
