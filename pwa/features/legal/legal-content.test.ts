import { describe, expect, it } from 'vitest';
import { privacyPolicy } from './privacy-policy.content.ts';
import { termsOfService } from './terms-of-service.content.ts';

const text = (document: typeof privacyPolicy) =>
  document.sections
    .flatMap((section) => [
      section.title,
      ...section.blocks.flatMap((block) =>
        typeof block === 'string' ? [block] : 'list' in block ? block.list : [block.heading],
      ),
    ])
    .join('\n');

const titles = (document: typeof privacyPolicy) => document.sections.map((section) => section.title);
const subheadings = (document: typeof privacyPolicy, title: string) =>
  document.sections
    .find((section) => section.title === title)
    ?.blocks.flatMap((block) => (typeof block === 'object' && 'heading' in block ? [block.heading] : []));

describe('legal texts', () => {
  it('the privacy policy has the spec twelve sections, dated 7/26/2025, with its retention periods and laws', () => {
    // The spec's twelve, in its order (docs spec part 2, Privacy Policy).
    expect(titles(privacyPolicy)).toEqual([
      'Introduction', // introduction
      'Information We Collect', // information collected (provided, automatic, third-party)
      'How We Use Your Information', // use
      'How We Share Your Information', // sharing
      'Data Security', // security
      'Data Retention', // retention
      'Your Rights and Choices', // rights and choices
      'International Data Transfers', // international transfers to the United States
      "Children's Privacy", // children's privacy
      'State and Regional Privacy Rights (California and GDPR)', // state rights (California, GDPR)
      'Changes to This Policy', // policy changes
      'Contact Us', // contact
    ]);
    expect(subheadings(privacyPolicy, 'Information We Collect')).toEqual([
      'Information you provide',
      'Information collected automatically',
      'Information from third parties',
    ]);
    expect(privacyPolicy.effective).toBe('7/26/2025');
    expect(privacyPolicy.lastUpdated).toBe('7/26/2025');
    const all = text(privacyPolicy);
    for (const needed of [
      '7 years after it is deleted',
      'typically 7 years',
      '3 years after our last interaction',
      'Usage data: 2 years',
      'under 18',
      'Act 843',
      'CCPA',
      'GDPR',
      'United States',
      'do not collect, process or hold rent',
    ]) {
      expect(all).toContain(needed);
    }
  });
  it('the privacy policy says what visitor tracking collects, how long it is kept, and credits GeoLite2 as its licence requires', () => {
    const all = text(privacyPolicy);
    for (const needed of [
      'random device identifier',
      'local storage',
      'only the network part of your IP address',
      'city and country',
      'no third-party trackers',
      'Usage data: 2 years from collection, and then deleted',
      'This product includes GeoLite2 data created by MaxMind, available from https://www.maxmind.com',
      'CC BY-SA 4.0',
    ]) {
      expect(all).toContain(needed);
    }
  });
  it('the terms have the spec twenty sections, dated 7/25/2025, with the liability limit, arbitration and age', () => {
    // The spec's twenty, in its order (docs spec part 2, Terms of Service).
    expect(titles(termsOfService)).toEqual([
      'Acceptance of Terms', // acceptance
      'Description of Service', // service description
      'Eligibility', // eligibility
      'Prohibited Conduct', // prohibited conduct
      'Host Responsibilities', // host duties
      'Guest Responsibilities', // guest duties
      'Service Limitations', // service limitations
      'Contact Policies', // contact policies
      'Intellectual Property', // intellectual property
      'Privacy', // privacy
      'Disclaimers and Limitation of Liability', // disclaimers and liability limit
      'Indemnification', // indemnification
      'Governing Law and Arbitration', // governing law and arbitration
      'Termination', // termination
      'Force Majeure', // force majeure
      'Modifications to Terms', // modifications
      'Severability', // severability
      'Entire Agreement', // entire agreement
      'Contact Information', // contact
      'Additional Provisions', // additional provisions
    ]);
    expect(termsOfService.effective).toBe('7/25/2025');
    expect(termsOfService.lastUpdated).toBe('7/25/2025');
    const all = text(termsOfService);
    for (const needed of [
      'at least 18 years old',
      'legal capacity',
      'preceding',
      'American Arbitration Association',
      'Los Angeles County',
      'State of California',
      'does not process rental payments',
    ]) {
      expect(all).toContain(needed.replace('preceding', '12 months before'));
    }
  });
  it('the terms credit the towns of Ghana to GeoNames, as its CC BY 4.0 licence requires', () => {
    expect(text(termsOfService)).toContain('Towns of Ghana: GeoNames (geonames.org), CC BY 4.0');
  });
  it('has no placeholder text', () => {
    expect(text(privacyPolicy) + text(termsOfService)).not.toMatch(/lorem|ipsum|TODO|TBD|\[.*?\]|\{product\}/i);
  });
});
