import { describe, expect, it } from 'vitest';
import { DomainError } from '../../events/store/errors.ts';
import { resolvePlace } from './listing-place.ts';

const refusal = (input: Parameters<typeof resolvePlace>[0]) => {
  try {
    resolvePlace(input);
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    const { code, message, details } = error as DomainError;
    return { code, message, path: details.issues?.[0]?.path };
  }
  throw new Error(`${JSON.stringify(input)} was not refused`);
};

describe('resolvePlace', () => {
  it('stores a Ghanaian town as the gazetteer spells it, with its region', () => {
    expect(resolvePlace({ country: 'Ghana', city: ' hohoe ' })).toEqual({ city: 'Hohoe', region: 'Volta' });
    expect(resolvePlace({ country: 'Ghana', city: 'Teshi Old Town' })).toEqual({
      city: 'Teshie',
      region: 'Greater Accra',
    });
    expect(resolvePlace({ country: 'Ghana', city: 'Dambai', region: 'Oti' })).toEqual({
      city: 'Dambai',
      region: 'Oti',
    });
    expect(resolvePlace({ country: 'Ghana', city: 'Kumasi', region: '' })).toEqual({
      city: 'Kumasi',
      region: 'Ashanti',
    });
  });

  it('takes a town the gazetteer lacks as typed once its region is given, and refuses it without one', () => {
    expect(resolvePlace({ country: 'Ghana', city: ' Walewale  town ', region: 'North East' })).toEqual({
      city: 'Walewale town',
      region: 'North East',
    });
    expect(refusal({ country: 'Ghana', city: 'Walewale' })).toMatchObject({ code: 'invalid_input', path: 'city' });
    expect(refusal({ country: 'Ghana', city: 'Kumasl' }).message).toContain('did you mean Kumasi?');
  });

  it('refuses a region that is not the town’s, or not one of Ghana’s', () => {
    expect(refusal({ country: 'Ghana', city: 'Hohoe', region: 'Oti' })).toEqual({
      code: 'invalid_input',
      message: 'Hohoe is in the Volta region, not Oti. Choose Volta.',
      path: 'region',
    });
    expect(refusal({ country: 'Ghana', city: 'Accra', region: 'Brong-Ahafo' }).path).toBe('region');
  });

  it('keeps the other countries to their cities, with no region', () => {
    expect(resolvePlace({ country: 'Jamaica', city: 'montego bay' })).toEqual({ city: 'Montego Bay', region: '' });
    expect(resolvePlace({ country: 'Dominican Republic', city: 'Santiágo', region: '' })).toEqual({
      city: 'Santiago',
      region: '',
    });
    expect(refusal({ country: 'Jamaica', city: 'Accra' })).toMatchObject({ path: 'city' });
    expect(refusal({ country: 'Jamaica', city: 'Kingston', region: 'Volta' })).toMatchObject({ path: 'region' });
  });
});
