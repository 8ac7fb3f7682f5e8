import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  AdminChangePasswordSchema,
  ChangePasswordSchema,
  ForgotPasswordSchema,
  LoginSchema,
  normalizePhone,
  ProfileUpdateSchema,
  RegisterSchema,
  VerifyCodeSchema,
} from './auth.schema.ts';

const messages = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? [] : result.issues.map((i) => `${i.path?.map((p) => p.key).join('.') ?? ''}: ${i.message}`);
};

const register = {
  firstName: 'Kofi',
  lastName: 'Boateng',
  userType: 'agent',
  password: 'password-1',
  registrationMethod: 'email',
  email: 'kofi@example.com',
};

describe('account schemas', () => {
  it('normalises phone numbers to one spelling', () => {
    expect(normalizePhone('024 123 4567')).toBe('+233241234567');
    expect(normalizePhone('+233 (24) 123-4567')).toBe('+233241234567');
    expect(normalizePhone('00233241234567')).toBe('+233241234567');
    expect(normalizePhone('233241234567')).toBe('+233241234567');
    expect(normalizePhone('12ab')).toBeNull();
  });

  it('reads a registration, lower-casing the e-mail and keeping a business name for agents only', () => {
    expect(v.parse(RegisterSchema, { ...register, email: ' Kofi@Example.COM ', businessName: 'Kofi Estates' })).toEqual(
      {
        firstName: 'Kofi',
        lastName: 'Boateng',
        userType: 'agent',
        businessName: 'Kofi Estates',
        password: 'password-1',
        registrationMethod: 'email',
        email: 'kofi@example.com',
        phone: null,
      },
    );
    expect(
      v.parse(RegisterSchema, { ...register, userType: 'owner', businessName: 'Kofi Estates' }).businessName,
    ).toBeNull();
    const byPhone = v.parse(RegisterSchema, {
      ...register,
      registrationMethod: undefined,
      email: undefined,
      phone: '0241234567',
    });
    expect(byPhone).toMatchObject({ registrationMethod: 'phone', phone: '+233241234567', email: null });
  });

  it("gives the spec's registration messages", () => {
    expect(
      messages(RegisterSchema, {
        ...register,
        firstName: ' ',
        lastName: '',
        userType: '',
        email: 'nope',
        password: 'short',
        confirmPassword: 'other',
      }),
    ).toEqual([
      'firstName: First name is required',
      'lastName: Last name is required',
      'userType: Account Type is required',
      'password: Password must be at least 8 characters',
      'email: Invalid email address',
    ]);
    expect(messages(RegisterSchema, { ...register, confirmPassword: 'other-password' })).toEqual([
      'confirmPassword: Passwords do not match',
    ]);
    expect(messages(RegisterSchema, { ...register, registrationMethod: 'phone', phone: '' })).toEqual([
      'phone: Phone number is required',
    ]);
  });

  it('reads a sign-in by e-mail or phone', () => {
    expect(v.parse(LoginSchema, { email: 'A@B.CO', password: 'x' })).toEqual({
      identifier: { kind: 'email', value: 'a@b.co' },
      password: 'x',
    });
    expect(v.parse(LoginSchema, { phone: '024-123-4567', password: 'x' })).toEqual({
      identifier: { kind: 'phone', value: '+233241234567' },
      password: 'x',
    });
    expect(messages(LoginSchema, { email: 'a@b.co', password: '' })).toEqual(['password: Password is required']);
  });

  it("gives the account settings' messages, with 8 characters as the contract says", () => {
    expect(messages(ProfileUpdateSchema, { firstName: '', lastName: '', email: 'bad', phone: '' })).toEqual([
      'firstName: First name is required',
      'lastName: Last name is required',
      'email: Invalid email address',
    ]);
    expect(messages(ProfileUpdateSchema, { firstName: 'A', lastName: 'B', email: '', phone: '' })).toEqual([
      'phone: Phone number is required',
    ]);
    expect(messages(ChangePasswordSchema, { currentPassword: '', newPassword: 'abcdef', confirmPassword: '' })).toEqual(
      [
        'currentPassword: Current password is required',
        'newPassword: Password must be at least 8 characters',
        'confirmPassword: Please confirm your password',
      ],
    );
    expect(
      messages(ChangePasswordSchema, { currentPassword: 'x', newPassword: 'abcdefgh', confirmPassword: 'abcdefgX' }),
    ).toEqual(["confirmPassword: Passwords don't match"]);
  });

  it("gives the admin panel's password messages", () => {
    expect(messages(AdminChangePasswordSchema, { currentPassword: 'x', newPassword: 'short' })).toEqual([
      'newPassword: Password must be at least 8 characters long',
    ]);
    expect(
      messages(AdminChangePasswordSchema, {
        currentPassword: 'x',
        newPassword: 'long-enough',
        confirmPassword: 'other-one',
      }),
    ).toEqual(['confirmPassword: New passwords do not match']);
  });

  it('takes six digits as a code', () => {
    expect(v.parse(VerifyCodeSchema, { code: '123 456' })).toEqual({ code: '123456' });
    expect(messages(VerifyCodeSchema, { code: '12345' })).toEqual(['code: Please enter a valid 6-digit code']);
    expect(messages(VerifyCodeSchema, { code: 'abcdef' })).toEqual(['code: Please enter a valid 6-digit code']);
  });

  it('takes an e-mail or a phone for a forgotten password', () => {
    expect(v.parse(ForgotPasswordSchema, { email: 'Ama@Example.com' })).toEqual({
      kind: 'email',
      value: 'ama@example.com',
    });
    expect(messages(ForgotPasswordSchema, { email: 'nope' })).toEqual(['email: Invalid email address']);
  });
});
