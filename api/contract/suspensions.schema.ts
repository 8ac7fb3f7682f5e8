import * as v from 'valibot';
import { queryInt } from './query-int.ts';

// Suspended accounts (issue 33, docs/decisions/345): an admin suspends a host by resolving reports
// about one of their listings with `suspend`, and lifts the suspension from the Reports tab.

/** GET /api/admin/suspensions: the suspended accounts, the latest first. */
export const SuspensionsQuerySchema = v.object({
  page: v.optional(queryInt('page', 1, 100_000), '1'),
  limit: v.optional(queryInt('limit', 1, 100), '20'),
});
export type SuspensionsQuery = v.InferOutput<typeof SuspensionsQuerySchema>;

/** POST /api/admin/suspensions/{userId}/lift: a note the account's owner is sent. */
export const LiftSuspensionSchema = v.object(
  {
    note: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(1000, 'The note must be at most 1000 characters')), ''),
  },
  'The body must be a JSON object',
);

export type SuspendedAccount = {
  userId: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  reason: string;
  suspendedAt: string;
  /** The owner's listings that are hidden now (by the suspension, by reports or by the owner before). */
  hiddenListings: number;
};
export type SuspensionsPage = { accounts: SuspendedAccount[]; total: number; page: number; pageSize: number };
