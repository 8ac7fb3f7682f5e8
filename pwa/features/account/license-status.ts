import type { User } from '../../lib/contract.ts';

export type LicenseNote = { tone: 'green' | 'amber' | 'neutral' | 'red'; text: string };

/**
 * What an agent is told of their licence number in Account Settings (issue 33, docs/decisions/330),
 * or null for an account that is not an agent's (only agents are labelled to renters).
 */
export function licenseNote(
  user: Pick<User, 'userType' | 'licenseStatus' | 'licenseRejectionReason'>,
): LicenseNote | null {
  if (user.userType !== 'agent') return null;
  switch (user.licenseStatus) {
    case 'verified':
      return { tone: 'green', text: 'Licence verified' };
    case 'pending':
      return { tone: 'amber', text: 'Waiting for an admin to check your licence number' };
    case 'rejected':
      return {
        tone: 'red',
        text: `Licence number not accepted: ${user.licenseRejectionReason?.trim() || 'ask Efie support why'}`,
      };
    case 'none':
      return {
        tone: 'neutral',
        text: 'No licence number yet: add it so renters see you are licensed (Real Estate Agency Act, 2020 (Act 1047))',
      };
  }
}
