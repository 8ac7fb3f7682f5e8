import { describe, expect, it } from 'vitest';
import type { Listing } from './api-reads.ts';
import { compare } from './checks.ts';
import type { Leftovers } from './drain.ts';
import { createLedger } from './ledger.ts';

// The comparison must be able to fail: given a ledger and the server's state, each count goes up
// for the case it names, and a refusal the person saw and accepted is not counted.

const listing = (id: string, over: Partial<Listing> = {}): Listing => ({
  id,
  ownerId: 'host',
  title: 'Start',
  description: 'A flat.',
  pricePerNight: 900,
  version: 1,
  isActive: true,
  isVerified: true,
  images: [],
  ...over,
});
const drained = (over: Partial<Leftovers> = {}): Leftovers => ({
  device: 'phone-1',
  unexplained: [],
  shown: [],
  openDrafts: [],
  drainedInMs: 0,
  ...over,
});

function ledgerWithTwoSaves() {
  const ledger = createLedger();
  ledger.originals.set('L', { title: 'Start', pricePerNight: 900 });
  for (const c of ledger.saveEdit('phone-1', 'L', { title: 'Older' }, 1_000)) c.certain = true;
  for (const c of ledger.saveEdit('phone-2', 'L', { title: 'Newer' }, 2_000)) c.certain = true;
  return ledger;
}

describe('compare', () => {
  it('passes when the server holds the last value the person saved', () => {
    const f = compare(ledgerWithTwoSaves(), [listing('L', { title: 'Newer' })], [], [drained()]);
    expect([f.lost, f.reverted, f.doubled, f.unsentUnexplained]).toEqual([[], [], [], []]);
  });

  it('counts a field that went back to an older saved value as reverted', () => {
    const f = compare(ledgerWithTwoSaves(), [listing('L', { title: 'Older' })], [], [drained()]);
    expect(f.reverted).toHaveLength(1);
  });

  it('counts a value the person never saved as lost', () => {
    const f = compare(ledgerWithTwoSaves(), [listing('L', { title: 'Something else' })], [], [drained()]);
    expect(f.lost).toHaveLength(1);
  });

  it('does not count a refused edit the person discarded: the listing as it was then is what they accepted', () => {
    const ledger = ledgerWithTwoSaves();
    for (const c of ledger.saveEdit('phone-1', 'L', { title: 'Mine, refused' }, 3_000)) c.certain = true;
    ledger.discardEdit('phone-1', 'L', { title: 'Mine, refused' }, { title: 'Newer', pricePerNight: 900 }, 4_000);
    expect(compare(ledger, [listing('L', { title: 'Newer' })], [], [drained()]).reverted).toEqual([]);
    expect(compare(ledger, [listing('L', { title: 'Mine, refused' })], [], [drained()]).reverted).toHaveLength(1);
  });

  it('accepts either outcome of a save the phone was closed on before it could confirm', () => {
    const ledger = ledgerWithTwoSaves();
    ledger.saveEdit('phone-1', 'L', { title: 'Tapped, then closed' }, 3_000);
    expect(compare(ledger, [listing('L', { title: 'Newer' })], [], [drained()]).reverted).toEqual([]);
    expect(compare(ledger, [listing('L', { title: 'Tapped, then closed' })], [], [drained()]).reverted).toEqual([]);
  });

  it('counts a favourite that flipped back, and one that never arrived', () => {
    const ledger = createLedger();
    ledger.tapFavourite('phone-1', 'L', true, 1_000).certain = true;
    ledger.tapFavourite('phone-1', 'L', false, 2_000).certain = true;
    ledger.tapFavourite('phone-1', 'M', true, 3_000).certain = true;
    const f = compare(ledger, [listing('L'), listing('M')], [listing('L')], [drained()]);
    expect(f.reverted).toHaveLength(1);
    expect(f.lost).toHaveLength(1);
  });

  it('counts two listings from one submission as doubled, and none (nothing queued, no draft) as lost', () => {
    const ledger = createLedger();
    ledger.submit('phone-1', 'chaos-submission-phone-1-1', 'One', 1001, 1_000).certain = true;
    ledger.submit('phone-1', 'chaos-submission-phone-1-2', 'Two', 1002, 2_000).certain = true;
    const twice = (id: string) => listing(id, { title: 'One', description: 'Rooms (chaos-submission-phone-1-1).' });
    const f = compare(ledger, [twice('A'), twice('B')], [], [drained()]);
    expect(f.doubled).toHaveLength(1);
    expect(f.lost).toHaveLength(1);
  });

  it('does not count a submission back under "Your drafts" as lost: the person can see it', () => {
    const ledger = createLedger();
    ledger.submit('phone-1', 'chaos-submission-phone-1-1', 'One', 1001, 1_000);
    const f = compare(ledger, [], [], [drained({ openDrafts: ['Rooms (chaos-submission-phone-1-1).'] })]);
    expect([f.lost, f.unsentShown.length]).toEqual([[], 1]);
  });

  it('counts an item still waiting after the drain with nothing on screen saying why', () => {
    const f = compare(
      createLedger(),
      [],
      [],
      [drained({ unexplained: [{ id: 'x', kind: 'favorite', status: 'waiting', label: 'Save: L' }] })],
    );
    expect(f.unsentUnexplained).toHaveLength(1);
  });

  it('counts a message its thread does not hold as lost, and one it holds twice as doubled', () => {
    const ledger = createLedger();
    ledger.sendMessage('phone-1', 'T', 'Yes (chaos-message-phone-1-1).', 1_000).certain = true;
    ledger.sendMessage('phone-2', 'T', 'Come on Monday (chaos-message-phone-2-2).', 2_000).certain = true;
    ledger.sendMessage('phone-2', 'T', 'Tapped, then closed (chaos-message-phone-2-3).', 3_000);
    const thread = (...texts: string[]) => new Map([['T', texts.map((text) => ({ text }))]]);
    const all = thread(
      'Yes (chaos-message-phone-1-1).',
      'Come on Monday (chaos-message-phone-2-2).',
      'Tapped, then closed (chaos-message-phone-2-3).',
    );
    expect(compare(ledger, [], [], [drained()], all)).toMatchObject({ lostMessages: [], doubledMessages: [] });
    const f = compare(
      ledger,
      [],
      [],
      [drained()],
      thread(
        'Yes (chaos-message-phone-1-1).',
        'Yes (chaos-message-phone-1-1).',
        'Come on Monday (chaos-message-phone-2-2).',
      ),
    );
    expect(f.doubledMessages).toHaveLength(1);
    expect(f.lostMessages).toEqual([expect.stringContaining('chaos-message-phone-2-3')]);
    expect([f.lost, f.doubled]).toEqual([[], []]);
  });

  it('counts a marked message in a thread that nobody sent as doubled', () => {
    const f = compare(
      createLedger(),
      [],
      [],
      [drained()],
      new Map([['T', [{ text: 'Hi (chaos-message-phone-1-9).' }]]]),
    );
    expect(f.doubledMessages).toHaveLength(1);
  });

  it('does not count a message refused on screen, or one still in the outbox, as lost', () => {
    const ledger = createLedger();
    ledger.sendMessage('phone-1', 'T', 'Refused (chaos-message-phone-1-1).', 1_000).cancelled = true;
    ledger.sendMessage('phone-2', 'T', 'Queued (chaos-message-phone-2-2).', 2_000).certain = true;
    const waiting = {
      id: 'k',
      kind: 'conversation-message',
      status: 'failed',
      label: 'Message about Flat',
      text: 'Queued (chaos-message-phone-2-2).',
      httpStatus: 403,
    };
    const f = compare(ledger, [], [], [drained({ device: 'phone-2', shown: [waiting] })], new Map([['T', []]]));
    expect(f.lostMessages).toEqual([]);
    expect(f.unsentShown).toEqual([expect.stringContaining('chaos-message-phone-2-2')]);
    const unexplained = compare(
      ledger,
      [],
      [],
      [drained({ device: 'phone-2', unexplained: [{ ...waiting, status: 'waiting' }] })],
      new Map([['T', []]]),
    );
    expect([unexplained.lostMessages, unexplained.unsentUnexplained.length]).toEqual([[], 1]);
  });

  it("counts an admin's hide undone by someone else as reverted", () => {
    const ledger = createLedger();
    ledger.adminDid('L', 'isActive', false);
    expect(compare(ledger, [listing('L', { isActive: true })], [], [drained()]).reverted).toHaveLength(1);
  });
});
