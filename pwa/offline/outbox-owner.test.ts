import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { OutboxKind } from './outbox-kind.ts';
import { ANY_SESSION, type QueuedItem } from './outbox-item.schema.ts';
import { nextToSend, outboxSummary, unsentCount, visibleTo, type Due } from './outbox-owner.ts';
import { registerOutboxKind } from './outbox-registry.ts';
import type { OutboxItem } from './outbox-store.ts';

const NOW = 1_800_000_000_000;

// Two kinds of the tests' own, as features register theirs: a wish about a property
// (the last one wins) and a change to a listing, each sent in order per property.
type Wish = QueuedItem<'test-wish', { propertyId: string }>;
type Change = QueuedItem<'test-change', { propertyId: string }>;
const kind = <Item extends OutboxItem>(name: Item['kind'], target: (item: Item) => string): OutboxKind<Item> => ({
  kind: name,
  schema: v.looseObject({ kind: v.literal(name) }),
  target,
  send: () => Promise.resolve(null),
});
registerOutboxKind(kind<Wish>('test-wish', (item) => `wish:${item.propertyId}`));
registerOutboxKind(kind<Change>('test-change', (item) => `listing:${item.propertyId}`));

function favorite(id: string, ownerId: string | null, extra: Partial<Wish> = {}): OutboxItem {
  return {
    kind: 'test-wish',
    id,
    ownerId,
    createdAt: NOW - 1_000,
    label: `Save: ${id}`,
    status: 'waiting',
    attempts: 0,
    nextAttemptAt: NOW,
    revision: 0,
    faults: 0,
    propertyId: `p-${id}`,
    ...extra,
  } as Wish;
}
function edit(id: string, ownerId: string | null, extra: Partial<Change> = {}): OutboxItem {
  return {
    kind: 'test-change',
    id,
    ownerId,
    createdAt: NOW - 500,
    label: `Changes to ${id}`,
    status: 'waiting',
    attempts: 0,
    nextAttemptAt: NOW,
    revision: 0,
    faults: 0,
    propertyId: `p-${id}`,
    ...extra,
  } as Change;
}
const due = (extra: Partial<Due> = {}): Due => ({ now: NOW, force: false, tried: new Set(), ...extra });

describe('visibleTo', () => {
  const items = [favorite('ama-1', 'ama'), edit('kofi-1', 'kofi'), favorite('old', null)];

  it("shows the signed-in person their own items and unclaimed ones, never another person's", () => {
    expect(visibleTo(items, 'kofi').map((item) => item.id)).toEqual(['kofi-1', 'old']);
    expect(visibleTo(items, 'ama').map((item) => item.id)).toEqual(['ama-1', 'old']);
  });
  it('shows nothing when nobody is signed in', () => {
    expect(visibleTo(items, null)).toEqual([]);
  });
});

describe('unsentCount', () => {
  it("counts the person's own waiting and refused items, not another person's or unclaimed ones", () => {
    const items = [
      favorite('a', 'ama'),
      edit('b', 'ama', { status: 'failed' }),
      favorite('c', 'kofi'),
      favorite('d', null),
    ];
    expect(unsentCount(items, 'ama')).toBe(2);
    expect(unsentCount(items, 'kofi')).toBe(1);
    expect(unsentCount(items, null)).toBe(0);
  });
});

describe('nextToSend', () => {
  it("picks the signed-in person's oldest due item and skips another person's older one", () => {
    const items = [favorite('ama-1', 'ama'), edit('kofi-1', 'kofi'), favorite('kofi-2', 'kofi')];
    expect(nextToSend(items, 'kofi', due())?.id).toBe('kofi-1');
    expect(nextToSend(items, 'ama', due())?.id).toBe('ama-1');
  });
  it('sends nothing when nobody is signed in, and never an unclaimed item', () => {
    const items = [favorite('ama-1', 'ama'), favorite('old', null)];
    expect(nextToSend(items, null, due())).toBeUndefined();
    expect(nextToSend(items, 'kofi', due())).toBeUndefined();
  });
  it('leaves refused items, items tried in this drain, and items still backing off (unless forced)', () => {
    const refused = edit('refused', 'ama', { status: 'failed' });
    const tried = favorite('tried', 'ama');
    const later = favorite('later', 'ama', { nextAttemptAt: NOW + 5_000 });
    expect(nextToSend([refused, tried, later], 'ama', due({ tried: new Set(['tried']) }))).toBeUndefined();
    expect(nextToSend([refused, tried, later], 'ama', due({ tried: new Set(['tried']), force: true }))?.id).toBe(
      'later',
    );
  });
});

describe('outboxSummary', () => {
  it('says how many wait, how many were refused, and how many are to check', () => {
    expect(outboxSummary([favorite('a', 'ama'), edit('b', 'ama')])).toBe('2 waiting to send');
    expect(outboxSummary([edit('b', 'ama', { status: 'failed' })])).toBe('1 not sent, 0 waiting');
    expect(outboxSummary([favorite('a', 'ama'), favorite('old', null)])).toBe('1 waiting to send, 1 to check');
    expect(outboxSummary([favorite('old', null)])).toBe('1 to check');
  });
});

describe('nextToSend, one thing at a time', () => {
  it('skips a superseded wish and sends the newer one', () => {
    const older = favorite('a', 'ama', { supersededBy: 'b' });
    const newer = favorite('b', 'ama', { propertyId: 'p-a', createdAt: NOW });
    expect(nextToSend([older, newer], 'ama', due())?.id).toBe('b');
  });
  it('holds back a newer item about the same thing while an older one backs off, but not items about other things', () => {
    const backingOff = favorite('a', 'ama', { nextAttemptAt: NOW + 10_000 });
    const sameThing = favorite('b', 'ama', { propertyId: 'p-a', createdAt: NOW });
    const otherThing = edit('c', 'ama', { createdAt: NOW + 1 });
    expect(nextToSend([backingOff, sameThing, otherThing], 'ama', due())?.id).toBe('c');
  });
  it('forced (back online, Background Sync), tries an item still backing off', () => {
    const backingOff = favorite('a', 'ama', { nextAttemptAt: NOW + 10_000 });
    expect(nextToSend([backingOff], 'ama', due())).toBeUndefined();
    expect(nextToSend([backingOff], 'ama', due({ force: true }))?.id).toBe('a');
  });
});

describe('public forms (any session)', () => {
  const form = (id: string): OutboxItem =>
    ({
      kind: 'post-form',
      id,
      ownerId: ANY_SESSION,
      createdAt: NOW - 2_000,
      label: 'Message to Efie support',
      status: 'waiting',
      attempts: 0,
      nextAttemptAt: NOW,
      revision: 0,
      faults: 0,
      endpoint: '/api/support/message',
      body: {},
    }) as OutboxItem;
  it('are shown and sent whoever is signed in, and when nobody is', () => {
    const items = [form('f1'), favorite('a', 'ama')];
    expect(visibleTo(items, null).map((item) => item.id)).toEqual(['f1']);
    expect(visibleTo(items, 'kofi').map((item) => item.id)).toEqual(['f1']);
    expect(nextToSend(items, null, due())?.id).toBe('f1');
    expect(nextToSend(items, 'kofi', due())?.id).toBe('f1');
    expect(nextToSend([favorite('a', 'ama')], null, due())).toBeUndefined();
  });
  it("are not counted as the person's unsent changes at sign-out: they go anyway", () => {
    expect(unsentCount([form('f1'), favorite('a', 'ama')], 'ama')).toBe(1);
  });
  it('each wait on their own: one backing off holds back no other form', () => {
    const items = [form('f1'), form('f2')].map((item, i) =>
      i === 0 ? { ...item, nextAttemptAt: NOW + 60_000 } : item,
    );
    expect(nextToSend(items, null, due())?.id).toBe('f2');
  });
});
