import { describe, expect, it } from 'vitest';
import { checkProviderForm, emptyProviderForm, type ProviderFormValues } from './provider-form.schema.ts';

const filled = (overrides: Partial<ProviderFormValues> = {}): ProviderFormValues => ({
  ...emptyProviderForm('plumber'),
  businessName: 'Kofi Pipes',
  contactPerson: 'Kofi Asante',
  email: 'kofi@example.com',
  phone: '024 123 4567',
  businessAddress: 'Ring Road, Accra',
  serviceArea: 'Accra',
  servicesOffered: 'Leaks',
  ...overrides,
});

describe('the service provider form', () => {
  it('turns years and months into whole years, rounded down', () => {
    const check = (years: string, months: string) => {
      const result = checkProviderForm(filled({ years, months }));
      return result.ok ? result.body.yearsExperience : result.errors;
    };
    expect(check('3', '11')).toBe(3);
    expect(check('0', '11')).toBe(0);
    expect(check('50', '11')).toBe(50);
    expect(check('7', '0')).toBe(7);
  });

  it('refuses years over 50 and months over 11 or not whole numbers', () => {
    expect(checkProviderForm(filled({ years: '51' })).errors).toEqual({ years: 'Years must be between 0 and 50' });
    expect(checkProviderForm(filled({ months: '12' })).errors).toEqual({ months: 'Months must be between 0 and 11' });
    expect(checkProviderForm(filled({ years: '-1' })).errors).toEqual({ years: 'Years must be between 0 and 50' });
    expect(checkProviderForm(filled({ months: '1.5' })).errors).toEqual({ months: 'Months must be between 0 and 11' });
  });

  it('names every missing required field at once; the description is optional', () => {
    const result = checkProviderForm(emptyProviderForm());
    expect(result.ok).toBe(false);
    expect(Object.keys(result.errors).sort()).toEqual(
      [
        'businessAddress',
        'businessName',
        'categoryId',
        'contactPerson',
        'email',
        'phone',
        'serviceArea',
        'servicesOffered',
      ].sort(),
    );
    const ok = checkProviderForm(filled({ description: '' }));
    expect(ok).toMatchObject({
      ok: true,
      body: { description: '', emergencyAvailable: false, phone: '+233241234567' },
    });
  });
});
