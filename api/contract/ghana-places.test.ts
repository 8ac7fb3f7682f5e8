import { describe, expect, it } from 'vitest';
import { GHANA_REGIONS } from '../../events/listing/places.policy.ts';
import { findTown, GHANA_PLACES, parseGhanaTowns, suggestTowns, townFinder } from './ghana-places.ts';
import { LOCATIONS } from './places.ts';

const listedName = (city: string, region?: string) => {
  const found = findTown(city, region);
  return found.kind === 'listed' ? found.town.name : found.kind;
};

describe('GHANA_PLACES', () => {
  it('holds each town once per region, with its region, other spellings and keys', () => {
    expect(GHANA_PLACES.length).toBeGreaterThanOrEqual(120);
    const ids = GHANA_PLACES.map((town) => `${town.region}|${town.name}`);
    expect(new Set(ids).size).toBe(ids.length);
    expect(GHANA_PLACES.find((town) => town.name === 'Obuasi')).toMatchObject({
      region: 'Ashanti',
      aliases: ['Obuase'],
      key: 'obuasi',
      aliasKeys: ['obuase'],
    });
  });

  it('ranks the spec’s 20 towns as the main ones, in their order', () => {
    const main = GHANA_PLACES.filter((town) => town.main !== undefined).sort((a, b) => a.main! - b.main!);
    expect(main.map((town) => town.name)).toEqual([...LOCATIONS.Ghana]);
  });

  it('refuses data with a region missing', () => {
    expect(() => parseGhanaTowns('Bechem|Agogo')).toThrow(/2 regions/);
  });
});

describe('findTown', () => {
  it('finds a listed town however it is typed, and answers its spelling and region', () => {
    for (const typed of ['Hohoe', 'hohoe ', 'HOHOE', ' hoHoe'])
      expect(findTown(typed)).toEqual({
        kind: 'listed',
        town: expect.objectContaining({ name: 'Hohoe', region: 'Volta' }),
      });
    expect(listedName('sekondi takoradi')).toBe('Sekondi-Takoradi');
    expect(listedName('Dambai')).toBe('Dambai');
  });

  it('finds a town by its other spelling and answers ours', () => {
    expect(listedName('Obuase')).toBe('Obuasi');
    expect(listedName('medina estates')).toBe('Madina');
  });

  it('given a region, finds only a town of that region', () => {
    expect(listedName('Hohoe', 'Volta')).toBe('Hohoe');
    const elsewhere = findTown('Hohoe', 'Oti');
    expect(elsewhere.kind).toBe('unknown');
  });

  it('answers an unknown town with the listed towns nearest it', () => {
    const found = findTown('Hohoee');
    expect(found.kind).toBe('unknown');
    expect(found.kind === 'unknown' && found.suggestions[0]?.name).toBe('Hohoe');
    expect(findTown('Nkwanta')).toMatchObject({ kind: 'unknown' });
    expect(findTown('xq')).toEqual({ kind: 'unknown', suggestions: [] });
  });

  it('answers ambiguous when the name is a town of two regions and no region is given', () => {
    // No name of the current data is in two regions, so a list with one.
    const data = GHANA_REGIONS.map((region) =>
      region === 'Volta' ? 'Hohoe,Kpando' : region === 'Oti' ? 'Kpando' : 'X',
    );
    const towns = townFinder(parseGhanaTowns(data.join('|')));
    const found = towns.find('kpando');
    expect(found.kind).toBe('ambiguous');
    expect(found.kind === 'ambiguous' && found.towns.map((town) => town.region)).toEqual(['Oti', 'Volta']);
    expect(towns.find('kpando', 'Volta')).toMatchObject({ kind: 'listed', town: { name: 'Kpando', region: 'Volta' } });
  });

  it('finds every town of the gazetteer by its own name, alone of its name', () => {
    for (const town of GHANA_PLACES) expect(findTown(town.name)).toEqual({ kind: 'listed', town });
  });
});

describe('suggestTowns', () => {
  it('suggests towns by the start of a name, a slip or a region', () => {
    expect(suggestTowns('kum')[0]?.name).toBe('Kumasi');
    expect(suggestTowns('dambia')[0]?.name).toBe('Dambai');
    expect(suggestTowns('', 'Oti').map((town) => town.name)).toEqual(['Dambai', 'Kete Krachi']);
    expect(suggestTowns('a', undefined, 2).map((town) => town.name)).toEqual(['Accra', 'Ashaiman']);
  });
});
