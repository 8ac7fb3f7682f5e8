import type { RecordedEvent } from '../store/event-store.ts';
import { createEventDecoder } from '../store/event-type.ts';
import type { Projection } from '../store/projections.ts';
import type { SqlClient } from '../store/sql.ts';
import type { ServiceProviderEvent } from './service-provider.decider.ts';
import { SERVICE_PROVIDER_EVENT_NAMES, serviceProviderEventTypes } from './service-provider.events.ts';

const decode = createEventDecoder(serviceProviderEventTypes);

/** The status columns an event sets, or the whole row for a registration. */
async function applyOne(tx: SqlClient, event: ServiceProviderEvent, version: number): Promise<void> {
  if (event.type === 'ServiceProviderRegistered') {
    const { providerId, applicantId, details: d, registeredAt } = event.data;
    await tx.query(
      `insert into service_providers (id, applicant_id, category_id, business_name, contact_person, email, phone,
         business_address, service_area, years_experience, services_offered, emergency_available, description,
         status, created_at, updated_at, version)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, 'pending', $14, $14, $15)
       on conflict (id) do nothing`,
      [
        providerId,
        applicantId,
        d.categoryId,
        d.businessName,
        d.contactPerson,
        d.email,
        d.phone,
        d.businessAddress,
        d.serviceArea,
        d.yearsExperience,
        d.servicesOffered,
        d.emergencyAvailable,
        d.description,
        registeredAt,
        version,
      ],
    );
    return;
  }
  const [status, by, at] = (() => {
    switch (event.type) {
      case 'ServiceProviderApproved':
      case 'ServiceProviderReapproved':
        return ['approved', event.data.approvedBy, event.data.approvedAt] as const;
      case 'ServiceProviderRejected':
        return ['rejected', event.data.rejectedBy, event.data.rejectedAt] as const;
      case 'ServiceProviderApprovalRevoked':
        return ['rejected', event.data.revokedBy, event.data.revokedAt] as const;
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  })();
  // Skipped when the row already reflects this event (a replay changes nothing).
  await tx.query(
    `update service_providers set status = $3, reviewed_by = $4, reviewed_at = $5, updated_at = $5, version = $2
     where id = $1 and version < $2`,
    [event.data.providerId, version, status, by, at],
  );
}

/** The `service_providers` read model: the directory and the admins' lists. */
export const serviceProvidersProjection: Projection = {
  name: 'service_providers',
  tables: ['service_providers'],
  handles: SERVICE_PROVIDER_EVENT_NAMES,
  async apply(tx: SqlClient, events: RecordedEvent[]) {
    for (const recorded of events) await applyOne(tx, decode(recorded), recorded.streamVersion);
  },
};
