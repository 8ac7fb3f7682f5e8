import type { RecordedEvent } from '../store/event-store.ts';
import { createEventDecoder } from '../store/event-type.ts';
import type { Projection } from '../store/projections.ts';
import type { SqlClient } from '../store/sql.ts';
import { AGENT_LICENSE_EVENT_NAMES, agentLicenseEventTypes } from './agent-license.events.ts';

const decode = createEventDecoder(agentLicenseEventTypes);

const UPSERT = `insert into agent_license_checks (user_id, license_number, status, reason, decided_by, decided_at, version)
  values ($1, $2, $3, $4, $5, $6, $7)
  on conflict (user_id) do update set license_number = excluded.license_number, status = excluded.status,
    reason = excluded.reason, decided_by = excluded.decided_by, decided_at = excluded.decided_at, version = excluded.version
  where agent_license_checks.version < excluded.version`;

/**
 * The `agent_license_checks` read model: per agent, the admins' last finding and the number it
 * was about. Whether an agent is verified now is read beside their profile's number
 * (api/agent-licenses/agent-licenses.read.ts). An event at or below a row's version is a replay.
 */
export const agentLicensesProjection: Projection = {
  name: 'agent-licenses',
  tables: ['agent_license_checks'],
  handles: AGENT_LICENSE_EVENT_NAMES,
  async apply(tx: SqlClient, events: RecordedEvent[]) {
    for (const recorded of events) {
      const event = decode(recorded);
      const version = recorded.streamVersion;
      switch (event.type) {
        case 'AgentLicenseVerified': {
          const { userId, licenseNumber, verifiedBy, verifiedAt } = event.data;
          await tx.query(UPSERT, [userId, licenseNumber, 'verified', null, verifiedBy, verifiedAt, version]);
          break;
        }
        case 'AgentLicenseRejected': {
          const { userId, licenseNumber, reason, rejectedBy, rejectedAt } = event.data;
          await tx.query(UPSERT, [userId, licenseNumber, 'rejected', reason, rejectedBy, rejectedAt, version]);
          break;
        }
        default: {
          const unknown: never = event;
          throw new Error(`agent-licenses projection: unhandled ${JSON.stringify(unknown)}`);
        }
      }
    }
  },
};
