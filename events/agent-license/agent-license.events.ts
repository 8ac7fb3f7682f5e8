import * as v from 'valibot';
import { defineEvent } from '../store/event-type.ts';

// An agent's licence under the Real Estate Agency Act, 2020 (Act 1047), as the admins checked it
// (issue 33, docs/decisions/330). The agent enters the number in their profile (the spec's
// `licenseNumber`, events/user); this stream records what an admin found about one number, so a
// check holds only while the agent keeps that number.

export const agentLicenseStreamId = (userId: string) => `agent-license-${userId}`;

export const AgentLicenseVerified = defineEvent(
  'AgentLicenseVerified',
  v.object({ userId: v.string(), licenseNumber: v.string(), verifiedBy: v.string(), verifiedAt: v.string() }),
);
export const AgentLicenseRejected = defineEvent(
  'AgentLicenseRejected',
  v.object({
    userId: v.string(),
    licenseNumber: v.string(),
    reason: v.string(),
    rejectedBy: v.string(),
    rejectedAt: v.string(),
  }),
);

export const agentLicenseEventTypes = [AgentLicenseVerified, AgentLicenseRejected] as const;

export const AGENT_LICENSE_EVENT_NAMES: readonly string[] = agentLicenseEventTypes.map((t) => t.type);
