import { describe, expect, it } from 'vitest';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import { createEventStore } from '../store/event-store.ts';
import { createProjectionSet } from '../store/projections.ts';
import type { AgentLicenseEvent } from './agent-license.decider.ts';
import { agentLicenseStreamId } from './agent-license.events.ts';
import { agentLicensesProjection } from './agent-licenses.projection.ts';

const database = useMigratedDatabase();
const projections = createProjectionSet([agentLicensesProjection]);
const userId = '10000000-0000-4000-8000-000000000001';
const adminId = '00000000-0000-4000-8000-0000000000aa';

const verified: AgentLicenseEvent = {
  type: 'AgentLicenseVerified',
  data: { userId, licenseNumber: 'REAC/AG/2024/0117', verifiedBy: adminId, verifiedAt: '2026-11-29T10:00:00.000Z' },
};
const rejected: AgentLicenseEvent = {
  type: 'AgentLicenseRejected',
  data: {
    userId,
    licenseNumber: 'REAC/AG/2024/0117',
    reason: 'Revoked by the council',
    rejectedBy: adminId,
    rejectedAt: '2026-11-30T10:00:00.000Z',
  },
};

const rows = () =>
  database().query<Record<string, unknown>>(
    'select user_id, license_number, status, reason, decided_by, version from agent_license_checks',
  );

describe('agent licences projection', () => {
  it('keeps the last finding about an agent’s number, and a rebuild gives the same row', async () => {
    const store = createEventStore(database(), { project: projections.applyInline });
    await store.append(agentLicenseStreamId(userId), 'no_stream', [verified]);
    expect(await rows()).toEqual([
      {
        user_id: userId,
        license_number: 'REAC/AG/2024/0117',
        status: 'verified',
        reason: null,
        decided_by: adminId,
        version: 1,
      },
    ]);
    await store.append(agentLicenseStreamId(userId), 1, [rejected]);
    const after = await rows();
    expect(after).toMatchObject([{ status: 'rejected', reason: 'Revoked by the council', version: 2 }]);
    await database().query(`update agent_license_checks set status = 'verified', reason = null`);
    expect(await projections.rebuild(database())).toEqual({ events: 2 });
    expect(await rows()).toEqual(after);
  });

  it('changes nothing when an event is applied again', async () => {
    const store = createEventStore(database(), { project: projections.applyInline });
    await store.append(agentLicenseStreamId(userId), 'no_stream', [verified, rejected]);
    const before = await rows();
    const recorded = await store.readStream(agentLicenseStreamId(userId));
    await database().transaction((tx) => agentLicensesProjection.apply(tx, recorded));
    expect(await rows()).toEqual(before);
  });
});
