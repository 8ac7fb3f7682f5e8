import { describe, expect, it } from 'vitest';
import { licenseNote } from './license-status.ts';

const agent = { userType: 'agent' as const, licenseRejectionReason: null };

describe('licenseNote', () => {
  it("tells an agent each state of their licence number's check", () => {
    expect(licenseNote({ ...agent, licenseStatus: 'verified' })).toEqual({ tone: 'green', text: 'Licence verified' });
    expect(licenseNote({ ...agent, licenseStatus: 'pending' })?.text).toBe(
      'Waiting for an admin to check your licence number',
    );
    expect(licenseNote({ ...agent, licenseStatus: 'none' })?.text).toBe(
      'No licence number yet: add it so renters see you are licensed (Real Estate Agency Act, 2020 (Act 1047))',
    );
  });

  it('shows the reason of a rejection, and still says something without one', () => {
    expect(licenseNote({ ...agent, licenseStatus: 'rejected', licenseRejectionReason: 'Not on the register' })).toEqual(
      { tone: 'red', text: 'Licence number not accepted: Not on the register' },
    );
    expect(licenseNote({ ...agent, licenseStatus: 'rejected' })?.text).toBe(
      'Licence number not accepted: ask Efie support why',
    );
  });

  it('says nothing to an account that is not an agent', () => {
    for (const userType of ['renter', 'owner', 'both'] as const)
      expect(licenseNote({ userType, licenseStatus: 'pending', licenseRejectionReason: null })).toBeNull();
  });
});
