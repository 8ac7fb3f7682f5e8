import { describe, expect, it } from 'vitest';
import { contactCountText } from './listing-contacts.queries.ts';

describe('what a host is told of the people who asked', () => {
  it('says nothing before anyone asked', () => {
    expect(contactCountText(undefined)).toBeNull();
    expect(contactCountText({ people: 0, whatsapp: 0, call: 0 })).toBeNull();
  });
  it('counts people, and says how they asked', () => {
    expect(contactCountText({ people: 1, whatsapp: 1, call: 0 })).toBe('1 person asked (1 by WhatsApp)');
    expect(contactCountText({ people: 2, whatsapp: 2, call: 1 })).toBe('2 people asked (2 by WhatsApp, 1 by phone)');
  });
});
