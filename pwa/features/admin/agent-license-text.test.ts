import { describe, expect, it } from 'vitest';
import { agentName, decidedOn } from './agent-license-text.ts';

const nobody = { firstName: null, lastName: null, businessName: null, email: null, phone: null };

describe('agentName', () => {
  it('names an agent by their name, leaving out a missing part', () => {
    expect(agentName({ ...nobody, firstName: 'Kwabena', lastName: 'Asante', businessName: 'Asante Homes' })).toBe(
      'Kwabena Asante',
    );
    expect(agentName({ ...nobody, firstName: 'Kwabena' })).toBe('Kwabena');
    expect(agentName({ ...nobody, firstName: ' ', lastName: 'Asante' })).toBe('Asante');
  });

  it('falls back to the business, then the e-mail, then the phone', () => {
    expect(agentName({ ...nobody, businessName: 'Asante Homes', email: 'k@example.com' })).toBe('Asante Homes');
    expect(agentName({ ...nobody, email: 'k@example.com', phone: '+233241234567' })).toBe('k@example.com');
    expect(agentName({ ...nobody, phone: '+233241234567' })).toBe('+233241234567');
    expect(agentName(nobody)).toBe('No name given');
  });
});

describe('decidedOn', () => {
  it('writes the day a finding was made', () => {
    expect(decidedOn('2026-11-12T10:30:00.000Z')).toBe('12 Nov 2026');
  });
});
