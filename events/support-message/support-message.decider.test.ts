import { describe, expect, it } from 'vitest';
import { givenWhenThen } from '../../testing/given-when-then.ts';
import { foldEvents } from '../store/decider.ts';
import { supportMessageDecider, type SupportMessageEvent } from './support-message.decider.ts';
import type { SupportMessageContent } from './support-message.events.ts';
import { messageReference, normalizeReference } from './message-reference.ts';

const at = '2026-11-23T10:00:00.000Z';
const later = '2026-11-23T11:00:00.000Z';
const messageId = '10000000-0000-4000-8000-000000000001';
const reference = messageReference(messageId);
const admin = { id: 'admin-1', isAdmin: true };
const renter = { id: 'renter-1', isAdmin: false };
const content: SupportMessageContent = {
  form: 'support',
  name: 'Ama',
  firstName: null,
  lastName: null,
  contactMethod: 'email',
  email: 'ama@example.com',
  phone: null,
  category: 'booking',
  userType: null,
  subject: 'Viewing',
  message: 'Can I see the flat on Saturday?',
};
const received: SupportMessageEvent = {
  type: 'SupportMessageReceived',
  data: { messageId, reference, content, receivedAt: at },
};
const handled: SupportMessageEvent = {
  type: 'SupportMessageHandled',
  data: { messageId, handledBy: admin.id, handledAt: later },
};

const given = givenWhenThen(supportMessageDecider);

describe('support message decider', () => {
  it('receives a new message with its reference', () => {
    given().when({ type: 'ReceiveMessage', messageId, reference, content, at }).then([received]);
  });
  it('refuses to receive the same message id twice', () => {
    given(received)
      .when({ type: 'ReceiveMessage', messageId, reference, content, at })
      .thenRefuses('message_exists', 'conflict');
  });
  it('marks a message handled, naming the admin', () => {
    given(received).when({ type: 'MarkHandled', actor: admin, at: later }).then([handled]);
  });
  it('keeps a received message unhandled until an admin marks it, then names who did', () => {
    expect(foldEvents(supportMessageDecider, [received])).toEqual({ status: 'unhandled', messageId, reference });
    expect(foldEvents(supportMessageDecider, [received, handled])).toEqual({
      status: 'handled',
      messageId,
      reference,
      handledBy: admin.id,
      handledAt: later,
    });
  });
  it('answers 409 to marking a handled message again', () => {
    given(received, handled)
      .when({ type: 'MarkHandled', actor: admin, at: later })
      .thenRefuses('already_handled', 'conflict');
  });
  it('lets only an admin mark a message handled', () => {
    given(received).when({ type: 'MarkHandled', actor: renter, at: later }).thenRefuses('admin_only', 'forbidden');
  });
  it('refuses to handle a message that does not exist', () => {
    given().when({ type: 'MarkHandled', actor: admin, at: later }).thenRefuses('message_not_found', 'not_found');
  });
});

describe('message reference', () => {
  it('is EF- and six readable characters, the same for the same id', () => {
    expect(reference).toMatch(/^EF-[0-9A-HJKMNP-TV-Z]{6}$/);
    expect(messageReference(messageId)).toBe(reference);
  });
  it('differs between ids (no collision among 5,000)', () => {
    const refs = new Set(
      Array.from({ length: 5000 }, (_, i) =>
        messageReference(`10000000-0000-4000-8000-${String(i).padStart(12, '0')}`),
      ),
    );
    expect(refs.size).toBe(5000);
  });
  it('reads back what a person types', () => {
    expect(normalizeReference(' ef 7k3q9d ')).toBe('EF-7K3Q9D');
    expect(normalizeReference('EF-7K3O9D')).toBe('EF-7K309D');
    expect(normalizeReference('nonsense')).toBeNull();
  });
});
