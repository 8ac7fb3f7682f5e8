import { currentLanguage, localeTag } from '../../i18n/i18n.ts';
import type { AgentLicenseEntry } from './agent-licenses-contract.ts';

type Named = Pick<AgentLicenseEntry, 'firstName' | 'lastName' | 'businessName' | 'email' | 'phone'>;

/** How the Agents tab names an agent: their name, else their business, else how to reach them. */
export function agentName(agent: Named): string {
  const name = [agent.firstName, agent.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || agent.businessName?.trim() || agent.email || agent.phone || 'No name given';
}

export const LICENSE_STATUS_BADGES: Record<
  AgentLicenseEntry['status'],
  { label: string; tone: 'amber' | 'green' | 'red' }
> = {
  pending: { label: 'Waiting for a check', tone: 'amber' },
  verified: { label: 'Verified', tone: 'green' },
  rejected: { label: 'Rejected', tone: 'red' },
};

/** "12 Nov 2026" ("12 nov. 2026" in French), the day a finding was made. */
export const decidedOn = (iso: string) =>
  new Date(iso).toLocaleDateString(currentLanguage().code === 'en' ? 'en-GB' : localeTag(), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
