import { describe, expect, it } from 'vitest';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import { createEventStore } from '../store/event-store.ts';
import { createProjectionSet } from '../store/projections.ts';
import type { ServiceProviderEvent } from './service-provider.decider.ts';
import { serviceProviderStreamId, type ProviderDetails } from './service-provider.events.ts';
import { serviceProvidersProjection } from './service-providers.projection.ts';

const database = useMigratedDatabase();
const projections = createProjectionSet([serviceProvidersProjection]);

const at = '2026-11-01T10:00:00.000Z';
const later = '2026-11-02T09:30:00.000Z';
const adminId = '00000000-0000-4000-8000-0000000000aa';
const idOf = (n: number) => `20000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const applicantOf = (n: number) => `30000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const details: ProviderDetails = {
  categoryId: 'electrician',
  businessName: 'Bright Sparks',
  contactPerson: 'Efua Owusu',
  email: 'efua@example.com',
  phone: '+233201234567',
  businessAddress: 'Osu, Accra',
  serviceArea: 'Greater Accra',
  yearsExperience: 4,
  servicesOffered: 'Wiring, solar',
  emergencyAvailable: false,
  description: 'Licensed',
};
const registered = (n: number): ServiceProviderEvent => ({
  type: 'ServiceProviderRegistered',
  data: { providerId: idOf(n), applicantId: applicantOf(n), details, registeredAt: at },
});

const rows = () =>
  database().query<Record<string, unknown>>(
    `select id, applicant_id, category_id, business_name, years_experience, emergency_available, status, reviewed_by, version
     from service_providers order by id`,
  );

describe('service providers projection', () => {
  it('turns an application history into one row with its status and the admin who last reviewed it', async () => {
    const store = createEventStore(database(), { project: projections.applyInline });
    const id = idOf(1);
    await store.append(serviceProviderStreamId(id), 'no_stream', [registered(1)]);
    expect(await rows()).toEqual([
      {
        id,
        applicant_id: applicantOf(1),
        category_id: 'electrician',
        business_name: 'Bright Sparks',
        years_experience: 4,
        emergency_available: false,
        status: 'pending',
        reviewed_by: null,
        version: 1,
      },
    ]);
    await store.append(serviceProviderStreamId(id), 1, [
      { type: 'ServiceProviderApproved', data: { providerId: id, approvedBy: adminId, approvedAt: later } },
    ]);
    expect(await rows()).toMatchObject([{ status: 'approved', reviewed_by: adminId, version: 2 }]);
    await store.append(serviceProviderStreamId(id), 2, [
      { type: 'ServiceProviderApprovalRevoked', data: { providerId: id, revokedBy: adminId, revokedAt: later } },
    ]);
    expect(await rows()).toMatchObject([{ status: 'rejected', version: 3 }]);
    await store.append(serviceProviderStreamId(id), 3, [
      { type: 'ServiceProviderReapproved', data: { providerId: id, approvedBy: adminId, approvedAt: later } },
    ]);
    expect(await rows()).toMatchObject([{ status: 'approved', version: 4 }]);
  });

  it('refuses a second pending application of one account inside the append', async () => {
    const store = createEventStore(database(), { project: projections.applyInline });
    await store.append(serviceProviderStreamId(idOf(1)), 'no_stream', [registered(1)]);
    const twin: ServiceProviderEvent = {
      type: 'ServiceProviderRegistered',
      data: { providerId: idOf(2), applicantId: applicantOf(1), details, registeredAt: at },
    };
    await expect(store.append(serviceProviderStreamId(idOf(2)), 'no_stream', [twin])).rejects.toThrow(
      /service_providers_one_pending/,
    );
    expect(await rows()).toHaveLength(1);
    expect(await store.streamVersion(serviceProviderStreamId(idOf(2)))).toBe(0);
  });

  it('leaves the same rows when events are applied twice, and a rebuild gives the same rows', async () => {
    const store = createEventStore(database(), { project: projections.applyInline });
    for (let n = 1; n <= 12; n++) {
      const id = idOf(n);
      const events: ServiceProviderEvent[] = [registered(n)];
      if (n % 2 === 0)
        events.push({
          type: 'ServiceProviderApproved',
          data: { providerId: id, approvedBy: adminId, approvedAt: later },
        });
      if (n % 3 === 0)
        events.push({
          type: 'ServiceProviderRejected',
          data: { providerId: id, rejectedBy: adminId, rejectedAt: later },
        });
      await store.append(serviceProviderStreamId(id), 'no_stream', events.slice(0, n % 6 === 0 ? 2 : events.length));
    }
    const before = await rows();
    const all = (
      await Promise.all(Array.from({ length: 12 }, (_, i) => store.readStream(serviceProviderStreamId(idOf(i + 1)))))
    ).flat();
    await database().transaction((tx) => serviceProvidersProjection.apply(tx, all));
    await database().transaction((tx) => serviceProvidersProjection.apply(tx, all.slice(3, 9)));
    expect(await rows()).toEqual(before);
    // Rows lost and rows gone wrong: the rebuild must write them all again from the log.
    await database().query(`delete from service_providers where status = 'approved'`);
    await database().query(`update service_providers set business_name = 'corrupted', status = 'approved'`);
    expect(await rows()).toHaveLength(6);
    await projections.rebuild(database(), { batchSize: 5 });
    expect(await rows()).toEqual(before);
    expect(before.filter((r) => r.status === 'approved')).toHaveLength(6);
    expect(before.filter((r) => r.status === 'pending')).toHaveLength(4);
  });
});
