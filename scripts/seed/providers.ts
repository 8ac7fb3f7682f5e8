import { randomUUID } from 'node:crypto';
import type { serviceProviderAggregate } from '../../events/service-provider/service-provider.decider.ts';
import type { ProviderDetails } from '../../events/service-provider/service-provider.events.ts';
import type { EventStore } from '../../events/store/event-store.ts';
import { runCommand, systemOrigin } from '../../api/commands/run-command.ts';
import type { Country } from '../../api/contract/places.ts';
import { providerCommands } from '../../api/service-providers/provider-commands.ts';

// Home-maintenance businesses for the Services directory (issue 28: the screen
// started empty). Ghana's first, as the product is; one application still waits
// for an admin, so Service Provider Approval has something to review.

export type SeedProvider = {
  country: Country;
  status: 'approved' | 'pending';
  /** The account that applies: a person of the business. */
  applicant: { firstName: string; lastName: string; email: string; phone: string };
  details: Omit<ProviderDetails, 'contactPerson' | 'email' | 'phone'>;
};

const person = (firstName: string, lastName: string, email: string, phone: string) => ({
  firstName,
  lastName,
  email,
  phone,
});

/** Listed newest first by the directory: the later here, the higher it shows. */
export const PROVIDERS: SeedProvider[] = [
  {
    country: 'Jamaica',
    status: 'approved',
    applicant: person('Desmond', 'Clarke', 'desmond.clarke@efie.example', '+18765550201'),
    details: {
      categoryId: 'electrician',
      businessName: 'Clarke Electrical Services',
      businessAddress: '14 Hope Road, Kingston',
      serviceArea: 'Kingston and St Andrew',
      yearsExperience: 15,
      servicesOffered: 'Rewiring, breaker panels, generator hook-ups, security lighting',
      emergencyAvailable: true,
      description: 'Licensed electricians serving homes and small apartment blocks across Kingston.',
    },
  },
  {
    country: 'California USA',
    status: 'approved',
    applicant: person('Laura', 'Kim', 'laura.kim@efie.example', '+14155550202'),
    details: {
      categoryId: 'painter',
      businessName: 'Bay Area Fresh Coat',
      businessAddress: '820 Mission Street, San Francisco',
      serviceArea: 'San Francisco and Oakland',
      yearsExperience: 9,
      servicesOffered: 'Interior and exterior painting, move-out touch-ups, drywall repair',
      emergencyAvailable: false,
      description: 'Quick turnarounds between tenants, with low-odour paints.',
    },
  },
  {
    country: 'Ghana',
    status: 'approved',
    applicant: person('Esi', 'Nyarko', 'esi.nyarko@efie.example', '+233245550205'),
    details: {
      categoryId: 'gardener',
      businessName: 'Green Compound Gardens',
      businessAddress: '5 Ring Road East, Accra',
      serviceArea: 'Accra, East Legon and Madina',
      yearsExperience: 6,
      servicesOffered: 'Lawn care, hedge trimming, compound clearing, planting',
      emergencyAvailable: false,
      description: 'Weekly or monthly upkeep for homes and gated communities.',
    },
  },
  {
    country: 'Ghana',
    status: 'approved',
    applicant: person('Kojo', 'Antwi', 'kojo.antwi@efie.example', '+233245550204'),
    details: {
      categoryId: 'painter',
      businessName: 'Antwi Painting Works',
      businessAddress: '22 Harper Road, Kumasi',
      serviceArea: 'Kumasi and Obuasi',
      yearsExperience: 11,
      servicesOffered: 'Interior and exterior painting, wall screeding, weatherproof coatings',
      emergencyAvailable: false,
      description: 'Clean work, fair prices, and the compound swept when we leave.',
    },
  },
  {
    country: 'Ghana',
    status: 'approved',
    applicant: person('Abena', 'Sarpong', 'abena.sarpong@efie.example', '+233205550203'),
    details: {
      categoryId: 'contractor',
      businessName: 'Sarpong Build & Masonry',
      businessAddress: '3 Station Road, Takoradi',
      serviceArea: 'Takoradi, Cape Coast and Tema',
      yearsExperience: 18,
      servicesOffered: 'Block work, plastering, tiling, extensions and boundary walls',
      emergencyAvailable: false,
      description: 'From a cracked wall to a new boys’ quarters, with a written quote first.',
    },
  },
  {
    country: 'Ghana',
    status: 'approved',
    applicant: person('Yaw', 'Frimpong', 'yaw.frimpong@efie.example', '+233545550202'),
    details: {
      categoryId: 'electrician',
      businessName: 'Frimpong Electricals',
      businessAddress: '40 Liberation Road, Accra',
      serviceArea: 'Accra and Tema',
      yearsExperience: 12,
      servicesOffered: 'Wiring, prepaid meter installation, sockets and lighting, generator change-over switches',
      emergencyAvailable: true,
      description: 'Certified by the Energy Commission; we answer call-outs day and night.',
    },
  },
  {
    country: 'Ghana',
    status: 'approved',
    applicant: person('Kwesi', 'Asamoah', 'kwesi.asamoah@efie.example', '+233245550201'),
    details: {
      categoryId: 'plumber',
      businessName: 'Asamoah Plumbing Works',
      businessAddress: '17 Spintex Road, Accra',
      serviceArea: 'Accra, Tema and Kasoa',
      yearsExperience: 14,
      servicesOffered: 'Leaks, poly tanks and pumps, water heaters, borehole connections',
      emergencyAvailable: true,
      description: 'Fast help when the water stops, with parts in the van.',
    },
  },
  {
    country: 'Ghana',
    status: 'pending',
    applicant: person('Adwoa', 'Mensimah', 'adwoa.mensimah@efie.example', '+233505550206'),
    details: {
      categoryId: 'plumber',
      businessName: 'Tamale Water Fix',
      businessAddress: '9 Bolgatanga Road, Tamale',
      serviceArea: 'Tamale and Savelugu',
      yearsExperience: 4,
      servicesOffered: 'Pipe repairs, tank cleaning, bathroom fittings',
      emergencyAvailable: false,
      description: 'New in the north: small jobs done well.',
    },
  },
];

/**
 * Registers each provider through the service-provider decider, as the app's
 * POST /api/service-providers does, and approves through it as an admin would.
 * Registration times go up one minute at a time, so the directory (newest
 * first) shows them in PROVIDERS' reverse order: Ghana's at the top.
 */
export async function seedProviders(
  store: EventStore,
  { applicantIds, adminId, now }: { applicantIds: string[]; adminId: string; now: Date },
): Promise<{ approved: number; pending: number }> {
  const counts = { approved: 0, pending: 0 };
  for (const [index, provider] of PROVIDERS.entries()) {
    const providerId = randomUUID();
    const at = new Date(now.getTime() - (PROVIDERS.length - index) * 60_000 - 86_400_000).toISOString();
    const { firstName, lastName, email, phone } = provider.applicant;
    const details: ProviderDetails = { ...provider.details, contactPerson: `${firstName} ${lastName}`, email, phone };
    const run = (command: Parameters<typeof serviceProviderAggregate.decider.decide>[0]) =>
      runCommand(store, systemOrigin('seed'), providerCommands, providerId, command);
    await run({ type: 'RegisterProvider', providerId, applicantId: applicantIds[index]!, details, at });
    if (provider.status === 'approved')
      await run({ type: 'SetProviderStatus', actor: { id: adminId, isAdmin: true }, status: 'approved', at });
    counts[provider.status]++;
  }
  return counts;
}
