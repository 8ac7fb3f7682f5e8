import { describe, expect, it } from 'vitest';
import { DRAFT_SCHEMA_VERSION, upgradeDraft } from './draft.schema.ts';

describe('upgradeDraft', () => {
  it('upgrades a version 1 draft: photos get level 0 and no stalls, nothing is dropped', () => {
    const blob = new Blob(['jpeg'], { type: 'image/jpeg' });
    const old = {
      id: 'd',
      ownerId: 'ama',
      createdAt: 1,
      updatedAt: 2,
      step: 2,
      fields: { title: 'House' },
      photos: [{ id: 'p', blob, width: 10, height: 8 }],
      queuedItemId: 'i',
    };
    expect(upgradeDraft(old)).toMatchObject({
      ...old,
      photos: [{ id: 'p', width: 10, height: 8, level: 0, stalls: 0 }],
      schemaVersion: DRAFT_SCHEMA_VERSION,
    });
  });
  it('keeps an uploaded URL and a smaller level recorded by the sender', () => {
    const blob = new Blob(['jpeg'], { type: 'image/jpeg' });
    const draft = {
      id: 'd',
      ownerId: 'ama',
      createdAt: 1,
      updatedAt: 2,
      fields: {},
      photos: [{ id: 'p', blob, width: 10, height: 8, uploadedUrl: '/files/p.webp', level: 1, stalls: 0 }],
    };
    expect(upgradeDraft(draft)?.photos[0]).toMatchObject({ uploadedUrl: '/files/p.webp', level: 1 });
  });
  it('opens a draft saved before issue 29 with its price, kept then as `price`', () => {
    const old = {
      id: 'd',
      ownerId: 'ama',
      createdAt: 1,
      updatedAt: 2,
      schemaVersion: 2,
      fields: { title: 'House', price: 'GH₵ 1,500', pricingPeriod: 'month' },
    };
    expect(upgradeDraft(old)?.fields).toEqual({
      title: 'House',
      region: '',
      digitalAddress: '',
      advanceRentMonths: '',
      pricePerNight: 'GH₵ 1,500',
      pricingPeriod: 'month',
    });
  });
  it("keeps a draft in today's names as it is", () => {
    const draft = {
      id: 'd',
      ownerId: 'ama',
      createdAt: 1,
      updatedAt: 2,
      schemaVersion: 6,
      fields: {
        title: 'House',
        region: 'Volta',
        city: 'Hohoe',
        digitalAddress: 'GA-183-8164',
        advanceRentMonths: '12',
        pricePerNight: '900',
      },
    };
    expect(upgradeDraft(draft)?.fields).toEqual({
      title: 'House',
      region: 'Volta',
      city: 'Hohoe',
      digitalAddress: 'GA-183-8164',
      advanceRentMonths: '12',
      pricePerNight: '900',
    });
  });
  it('opens a draft saved before issue 33, which had no region, with its town’s region when it is one of the first 20', () => {
    const old = {
      id: 'd',
      ownerId: 'ama',
      createdAt: 1,
      updatedAt: 2,
      schemaVersion: 3,
      fields: { title: 'House', country: 'Ghana', city: 'Kumasi', pricePerNight: '900' },
    };
    expect(upgradeDraft(old)).toMatchObject({
      schemaVersion: DRAFT_SCHEMA_VERSION,
      fields: { title: 'House', country: 'Ghana', city: 'Kumasi', region: 'Ashanti', pricePerNight: '900' },
    });
    const abroad = { ...old, fields: { country: 'Jamaica', city: 'Negril' } };
    expect(upgradeDraft(abroad)?.fields).toEqual({
      country: 'Jamaica',
      city: 'Negril',
      region: '',
      digitalAddress: '',
      advanceRentMonths: '',
    });
  });
  it('opens a draft saved before the GhanaPost GPS address with none', () => {
    const old = {
      id: 'd',
      ownerId: 'ama',
      createdAt: 1,
      updatedAt: 2,
      schemaVersion: 4,
      fields: { title: 'House', country: 'Ghana', region: 'Volta', city: 'Hohoe', pricePerNight: '900' },
    };
    expect(upgradeDraft(old)).toMatchObject({
      schemaVersion: DRAFT_SCHEMA_VERSION,
      fields: { region: 'Volta', city: 'Hohoe', digitalAddress: '' },
    });
  });
  it('opens a draft saved before advance rent as not saying it, and keeps what it had', () => {
    const old = {
      id: 'd',
      ownerId: 'ama',
      createdAt: 1,
      updatedAt: 2,
      schemaVersion: 5,
      step: 1,
      fields: { title: 'House', country: 'Ghana', region: 'Volta', city: 'Hohoe', digitalAddress: 'GA-183-8164' },
    };
    expect(DRAFT_SCHEMA_VERSION).toBe(6);
    expect(upgradeDraft(old)).toMatchObject({
      schemaVersion: DRAFT_SCHEMA_VERSION,
      step: 1,
      fields: { ...old.fields, advanceRentMonths: '' },
    });
  });
  it('answers nothing for what is not a draft', () => {
    expect(upgradeDraft({ id: 'd' })).toBeUndefined();
  });
});
