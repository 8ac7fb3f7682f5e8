import * as v from 'valibot';
import { validate, type FieldErrors } from '../../ui/form.ts';
import type { RegisterProviderInput } from '../../lib/contract.ts';
import {
  MAX_MONTHS_EXPERIENCE,
  MAX_YEARS_EXPERIENCE,
  RegisterProviderSchema,
  yearsFromForm,
} from './provider-contract.ts';

/** What the registration form holds: text as typed, years and months apart (spec part 2 §5). */
export type ProviderFormValues = {
  categoryId: string;
  businessName: string;
  contactPerson: string;
  email: string;
  phone: string;
  businessAddress: string;
  serviceArea: string;
  years: string;
  months: string;
  servicesOffered: string;
  emergencyAvailable: boolean;
  description: string;
};

export const emptyProviderForm = (categoryId = ''): ProviderFormValues => ({
  categoryId,
  businessName: '',
  contactPerson: '',
  email: '',
  phone: '',
  businessAddress: '',
  serviceArea: '',
  years: '0',
  months: '0',
  servicesOffered: '',
  emergencyAvailable: false,
  description: '',
});

const wholeNumber = (max: number, message: string) =>
  v.pipe(v.string(), v.trim(), v.regex(/^\d{1,3}$/, message), v.transform(Number), v.maxValue(max, message));

const ExperienceSchema = v.object({
  years: wholeNumber(MAX_YEARS_EXPERIENCE, 'Years must be between 0 and 50'),
  months: wholeNumber(MAX_MONTHS_EXPERIENCE, 'Months must be between 0 and 11'),
});

export type ProviderFormCheck =
  | { ok: true; body: RegisterProviderInput; errors: FieldErrors }
  | { ok: false; errors: FieldErrors };

/**
 * The form's values as the request body: years and months become whole years,
 * rounded down, and the contract's schema checks the rest (the server's own rules).
 * Every field's first message comes back at once.
 */
export function checkProviderForm(values: ProviderFormValues): ProviderFormCheck {
  const { years, months, categoryId, ...rest } = values;
  const experience = validate(ExperienceSchema, { years, months });
  const yearsExperience = experience.ok ? yearsFromForm(experience.data.years, experience.data.months) : 0;
  const body = validate(RegisterProviderSchema, { ...rest, categoryId: categoryId || undefined, yearsExperience });
  const errors = { ...body.errors, ...experience.errors };
  if (!experience.ok || !body.ok) return { ok: false, errors };
  return { ok: true, body: body.data, errors };
}
