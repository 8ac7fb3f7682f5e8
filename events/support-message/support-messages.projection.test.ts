import { describe, expect, it } from 'vitest';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import { createEventStore } from '../store/event-store.ts';
import { createProjectionSet } from '../store/projections.ts';
import type { SupportMessageEvent } from './support-message.decider.ts';
import { supportMessageStreamId, type SupportMessageContent } from './support-message.events.ts';
import { supportMessagesProjection } from './support-messages.projection.ts';

const database = useMigratedDatabase();
const projections = createProjectionSet([supportMessagesProjection]);
const messageId = '10000000-0000-4000-8000-000000000001';
const adminId = '00000000-0000-4000-8000-0000000000aa';
const content: SupportMessageContent = {
  form: 'contact',
  name: null,
  firstName: 'Kofi',
  lastName: 'Owusu',
  contactMethod: 'phone',
  email: null,
  phone: '024 412 3456',
  category: null,
  userType: 'landlord',
  subject: 'Listing',
  message: 'How do I list two flats?',
};
const received: SupportMessageEvent = {
  type: 'SupportMessageReceived',
  data: { messageId, reference: 'EF-ABC123', content, receivedAt: '2026-11-23T10:00:00.000Z' },
};
const handled: SupportMessageEvent = {
  type: 'SupportMessageHandled',
  data: { messageId, handledBy: adminId, handledAt: '2026-11-23T12:00:00.000Z' },
};

const rows = () =>
  database().query<Record<string, unknown>>(
    'select id, reference, form, first_name, phone, user_type, status, handled_by, version from support_messages',
  );

describe('support messages projection', () => {
  it('lists a received message as unhandled, then handled by the admin, and a rebuild gives the same row', async () => {
    const store = createEventStore(database(), { project: projections.applyInline });
    await store.append(supportMessageStreamId(messageId), 'no_stream', [received]);
    expect(await rows()).toEqual([
      {
        id: messageId,
        reference: 'EF-ABC123',
        form: 'contact',
        first_name: 'Kofi',
        phone: '024 412 3456',
        user_type: 'landlord',
        status: 'unhandled',
        handled_by: null,
        version: 1,
      },
    ]);
    await store.append(supportMessageStreamId(messageId), 1, [handled]);
    const after = await rows();
    expect(after).toMatchObject([{ status: 'handled', handled_by: adminId, version: 2 }]);
    // The row gone wrong (back to unhandled, another reference): the rebuild must write it again from the log.
    await database().query(
      `update support_messages set status = 'unhandled', handled_by = null, reference = 'EF-WRONG1'`,
    );
    expect(await rows()).not.toEqual(after);
    expect(await projections.rebuild(database())).toEqual({ events: 2 });
    expect(await rows()).toEqual(after);
  });

  it('changes nothing when an event is applied again', async () => {
    const store = createEventStore(database(), { project: projections.applyInline });
    const [first] = await store.readStream(supportMessageStreamId(messageId));
    expect(first).toBeUndefined();
    await store.append(supportMessageStreamId(messageId), 'no_stream', [received, handled]);
    const before = await rows();
    const recorded = await store.readStream(supportMessageStreamId(messageId));
    await database().transaction((tx) => supportMessagesProjection.apply(tx, recorded));
    expect(await rows()).toEqual(before);
  });
});
