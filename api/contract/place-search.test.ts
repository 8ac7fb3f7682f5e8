import { describe, expect, it } from 'vitest';
import { normalisePlace } from '../../events/listing/places.policy.ts';
import { GHANA_PLACES } from './ghana-places.ts';
import { matchPlaces, placeEntry, placeKey } from './place-search.ts';

const names = (text: string, options?: Parameters<typeof matchPlaces>[2]) =>
  matchPlaces(GHANA_PLACES, text, options).map((place) => place.name);
const first = (text: string) => names(text)[0];

describe('matchPlaces', () => {
  it('finds a town by its name, whatever the case and the spaces around it', () => {
    expect(first('kumasi')).toBe('Kumasi');
    expect(first('KUMASI ')).toBe('Kumasi');
    expect(first('  Cape   coast')).toBe('Cape Coast');
  });

  it('finds a town by the start of its name', () => {
    expect(first('kum')).toBe('Kumasi');
    expect(first('hoh')).toBe('Hohoe');
  });

  it('puts the town named exactly before the towns whose names start so', () => {
    expect(names('ho').slice(0, 2)).toEqual(['Ho', 'Hohoe']);
    expect(names('tema').slice(0, 2)).toEqual(['Tema', 'Tema New Town']);
    expect(names('takoradi')).toEqual(['Takoradi', 'Sekondi-Takoradi']);
  });

  it('finds a town by the start of any word of its name', () => {
    expect(first('legon')).toBe('East Legon');
    expect(names('krobo')).toEqual(['Odumase Krobo']);
    expect(first('sekondi takoradi')).toBe('Sekondi-Takoradi');
  });

  it('forgives one slip of the thumb: letters swapped, a neighbour key, a letter left out or doubled', () => {
    expect(first('kumsai')).toBe('Kumasi');
    expect(first('kumasl')).toBe('Kumasi');
    expect(first('acra')).toBe('Accra');
    expect(first('hohoee')).toBe('Hohoe');
    expect(first('tamalw')).toBe('Tamale');
    expect(first('lgon')).toBe('East Legon');
    expect(first('ukmasi')).toBe('Kumasi');
  });

  it('ranks every exact or starting match before a slip', () => {
    // "tem" starts Tema and Tema New Town, and is one letter from "tep(a)" and "tam(ale)".
    expect(names('tem').slice(0, 2)).toEqual(['Tema', 'Tema New Town']);
    expect(names('tem')).toContain('Tepa');
  });

  it('does not forgive a wrong first letter, which would answer short text with half the list', () => {
    expect(names('kas')).toEqual(['Kasoa', 'Kade']);
    expect(names('jumasi')).toEqual([]);
  });

  it('does not forgive two slips', () => {
    expect(names('kmusai')).not.toContain('Kumasi');
    expect(names('acrra')).toContain('Accra');
    expect(names('aacrra')).not.toContain('Accra');
  });

  it('finds a town by its other spelling and answers its own', () => {
    expect(first('obuase')).toBe('Obuasi');
    expect(first('Medina Estates')).toBe('Madina');
    expect(first('teshi')).toBe('Teshie');
  });

  it('ignores accents on both sides', () => {
    const places = ['Santiago', 'Santo Domingo', 'San José de Ocoa', 'La Romana'].map((name) => placeEntry({ name }));
    const match = (text: string) => matchPlaces(places, text).map((place) => place.name);
    expect(match('Santiágo')).toEqual(['Santiago']);
    expect(match('jose')).toEqual(['San José de Ocoa']);
    expect(match('SAN JOSÉ')).toEqual(['San José de Ocoa']);
    expect(match('san')).toEqual(['San José de Ocoa', 'Santiago', 'Santo Domingo']);
  });

  it('keeps to a region when one is given', () => {
    const volta = names('a', { region: 'Volta' });
    expect(volta).toEqual(['Aflao', 'Akatsi', 'Anloga']);
    expect(names('ho', { region: 'Oti' })).toEqual([]);
    expect(names('', { region: 'Oti' })).toEqual(['Dambai', 'Kete Krachi']);
  });

  it('ranks the main towns first among equal matches, in their order', () => {
    expect(names('t').slice(0, 5)).toEqual(['Tamale', 'Takoradi', 'Tema', 'Techiman', 'Teshie']);
    expect(names('t')[5]).toBe('Tafo');
    expect(names('').slice(0, 3)).toEqual(['Accra', 'Kumasi', 'Tamale']);
  });

  it('answers at most 8 places unless told otherwise', () => {
    expect(names('a')).toHaveLength(8);
    expect(names('a', { limit: 3 })).toEqual(['Accra', 'Ashaiman', 'Aboso']);
    expect(names('a', { limit: 100 }).length).toBeGreaterThan(20);
  });

  it('answers nothing for text no place is near', () => {
    expect(names('xq')).toEqual([]);
    expect(names('zzzz')).toEqual([]);
    expect(names('!!')).toEqual(names(''));
  });
});

describe('placeKey', () => {
  it('is the key search compares places by', () => {
    for (const text of [
      'Kumasi',
      ' Cape  Coast ',
      'Sekondi-Takoradi',
      'Santiágo',
      "Ocho Rios'",
      'ÉCOLE (Nord)',
      '50%_off',
      '',
    ])
      expect(placeKey(text)).toBe(normalisePlace(text));
  });
});
