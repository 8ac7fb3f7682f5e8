import * as v from 'valibot';
import type { LicenseStatus } from './agent-licenses.schema.ts';

// Account calls: request bodies (valibot, with the spec's messages) and answers.
// The PWA imports this file for its forms: no node:*, no server code here.

export const USER_TYPES = ['renter', 'owner', 'agent', 'both'] as const;
export type UserType = (typeof USER_TYPES)[number];
/** The registration form offers three; "both" is reachable from the account settings. */
export const REGISTER_USER_TYPES = ['renter', 'owner', 'agent'] as const;

export const PASSWORD_MIN_LENGTH = 8;
export const CODE_LENGTH = 6;

/**
 * One spelling per phone number, so that sign-in and uniqueness work whatever
 * the person typed: spaces, dashes, dots and brackets go; 00 becomes +; a
 * Ghanaian national number (0 and 9 digits) gets +233. Null when it cannot be a number.
 */
export function normalizePhone(raw: string): string | null {
  let s = raw.trim().replace(/[\s().-]/g, '');
  if (s.startsWith('00')) s = `+${s.slice(2)}`;
  else if (/^0\d{9}$/.test(s)) s = `+233${s.slice(1)}`;
  else if (!s.startsWith('+')) s = `+${s}`;
  return /^\+[1-9]\d{7,14}$/.test(s) ? s : null;
}

export const normalizeEmail = (raw: string) => raw.trim().toLowerCase();

const text = (required: string, max = 100) =>
  v.pipe(v.string(required), v.trim(), v.nonEmpty(required), v.maxLength(max, `At most ${max} characters`));

const optionalText = (max: number) =>
  v.pipe(
    v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(max, `At most ${max} characters`)))),
    v.transform((value) => (value === undefined ? undefined : value === null || value === '' ? null : value)),
  );

export const EmailSchema = v.pipe(
  v.string('Email is required'),
  v.trim(),
  v.nonEmpty('Email is required'),
  v.toLowerCase(),
  v.maxLength(254, 'Invalid email address'),
  v.email('Invalid email address'),
);

export const PhoneSchema = v.pipe(
  v.string('Phone number is required'),
  v.trim(),
  v.nonEmpty('Phone number is required'),
  v.check((value) => value === '' || normalizePhone(value) !== null, 'Please enter a valid phone number'),
  v.transform((value) => normalizePhone(value) as string),
);

export const PasswordSchema = v.pipe(
  v.string('Password is required'),
  v.nonEmpty('Password is required'),
  v.minLength(PASSWORD_MIN_LENGTH, 'Password must be at least 8 characters'),
  v.maxLength(200, 'Password must be at most 200 characters'),
);

const hasText = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/** Fills registrationMethod from the identifier given, when the caller left it out. */
const withMethod = v.transform((input: unknown) => {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return input;
  const body = input as Record<string, unknown>;
  if (body.registrationMethod !== undefined) return body;
  return { ...body, registrationMethod: hasText(body.phone) && !hasText(body.email) ? 'phone' : 'email' };
});

const registerFields = {
  firstName: text('First name is required'),
  lastName: text('Last name is required'),
  userType: v.picklist(REGISTER_USER_TYPES, 'Account Type is required'),
  businessName: optionalText(200),
  password: PasswordSchema,
  confirmPassword: v.optional(v.string()),
};

/** POST /api/auth/register. confirmPassword is optional; when sent it must match. */
export const RegisterSchema = v.pipe(
  v.unknown(),
  withMethod,
  v.variant(
    'registrationMethod',
    [
      v.object({
        ...registerFields,
        registrationMethod: v.literal('email'),
        email: EmailSchema,
        phone: v.optional(v.unknown()),
      }),
      v.object({
        ...registerFields,
        registrationMethod: v.literal('phone'),
        phone: PhoneSchema,
        email: v.optional(v.unknown()),
      }),
    ],
    'Choose e-mail or phone',
  ),
  v.forward(
    v.partialCheck(
      [['password'], ['confirmPassword']],
      (input) => input.confirmPassword === undefined || input.password === input.confirmPassword,
      'Passwords do not match',
    ),
    ['confirmPassword'],
  ),
  v.transform((input) => ({
    firstName: input.firstName,
    lastName: input.lastName,
    userType: input.userType,
    // The form shows the business name to agents only; anyone else's is dropped.
    businessName: input.userType === 'agent' ? (input.businessName ?? null) : null,
    password: input.password,
    registrationMethod: input.registrationMethod,
    email: input.registrationMethod === 'email' ? (input.email as string) : null,
    phone: input.registrationMethod === 'phone' ? (input.phone as string) : null,
  })),
);
export type RegisterInput = v.InferOutput<typeof RegisterSchema>;
/** What the PWA sends. */
export type RegisterBody = {
  firstName: string;
  lastName: string;
  userType: (typeof REGISTER_USER_TYPES)[number];
  password: string;
  confirmPassword?: string;
  registrationMethod?: 'email' | 'phone';
  email?: string;
  phone?: string;
  businessName?: string | null;
};

const loginPassword = v.pipe(
  v.string('Password is required'),
  v.nonEmpty('Password is required'),
  v.maxLength(200, 'Invalid email or password'),
);

/** POST /api/auth/login: e-mail or phone (only the chosen one is sent) and the password. */
export const LoginSchema = v.pipe(
  v.unknown(),
  withMethod,
  v.variant(
    'registrationMethod',
    [
      v.object({ registrationMethod: v.literal('email'), email: EmailSchema, password: loginPassword }),
      v.object({ registrationMethod: v.literal('phone'), phone: PhoneSchema, password: loginPassword }),
    ],
    'Choose e-mail or phone',
  ),
  v.transform((input) =>
    input.registrationMethod === 'email'
      ? { identifier: { kind: 'email' as const, value: input.email }, password: input.password }
      : { identifier: { kind: 'phone' as const, value: input.phone }, password: input.password },
  ),
);
export type LoginInput = v.InferOutput<typeof LoginSchema>;
export type LoginBody = { email: string; password: string } | { phone: string; password: string };

/** An e-mail or phone field of the profile form: empty means none. */
const optionalIdentifier = <S extends typeof EmailSchema | typeof PhoneSchema>(schema: S) =>
  v.pipe(
    v.optional(v.nullable(v.string())),
    v.transform((value) => (value === undefined ? undefined : value === null || value.trim() === '' ? null : value)),
    v.union([v.undefined(), v.null(), schema]),
  );

/**
 * PUT /api/auth/profile. A field left out stays as it is; an empty e-mail or
 * phone removes it, but an account always keeps at least one of the two.
 */
export const ProfileUpdateSchema = v.pipe(
  v.object({
    firstName: text('First name is required'),
    lastName: text('Last name is required'),
    email: optionalIdentifier(EmailSchema),
    phone: optionalIdentifier(PhoneSchema),
    businessName: optionalText(200),
    licenseNumber: optionalText(100),
    userType: v.optional(v.picklist(USER_TYPES, 'Account Type is required')),
    /** Needed only when the e-mail or phone changes. */
    currentPassword: v.optional(v.pipe(v.string(), v.maxLength(200, 'Current password is incorrect'))),
    expectedVersion: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
  }),
  v.forward(
    v.partialCheck(
      [['email'], ['phone']],
      (input) => !(input.email === null && input.phone === null),
      'Phone number is required',
    ),
    ['phone'],
  ),
);
export type ProfileUpdateInput = v.InferOutput<typeof ProfileUpdateSchema>;
export type ProfileUpdateBody = v.InferInput<typeof ProfileUpdateSchema>;

/** PUT /api/auth/change-password (account settings). */
export const ChangePasswordSchema = v.pipe(
  v.object({
    currentPassword: v.pipe(v.string('Current password is required'), v.nonEmpty('Current password is required')),
    newPassword: PasswordSchema,
    confirmPassword: v.pipe(v.string('Please confirm your password'), v.nonEmpty('Please confirm your password')),
  }),
  v.forward(
    v.partialCheck(
      [['newPassword'], ['confirmPassword']],
      (input) => input.confirmPassword === '' || input.newPassword === input.confirmPassword,
      "Passwords don't match",
    ),
    ['confirmPassword'],
  ),
);
export type ChangePasswordInput = v.InferOutput<typeof ChangePasswordSchema>;

/** POST /api/admin/change-password (the admin panel's form; confirmPassword is checked when sent). */
export const AdminChangePasswordSchema = v.pipe(
  v.object({
    currentPassword: v.pipe(v.string('Current password is required'), v.nonEmpty('Current password is required')),
    newPassword: v.pipe(
      v.string('Password must be at least 8 characters long'),
      v.minLength(PASSWORD_MIN_LENGTH, 'Password must be at least 8 characters long'),
      v.maxLength(200, 'Password must be at most 200 characters'),
    ),
    confirmPassword: v.optional(v.string()),
  }),
  v.forward(
    v.partialCheck(
      [['newPassword'], ['confirmPassword']],
      (input) => input.confirmPassword === undefined || input.newPassword === input.confirmPassword,
      'New passwords do not match',
    ),
    ['confirmPassword'],
  ),
);
export type AdminChangePasswordInput = v.InferOutput<typeof AdminChangePasswordSchema>;

/** Six digits; spaces the person typed are ignored. */
export const CodeSchema = v.pipe(
  v.string('Please enter a valid 6-digit code'),
  v.transform((value) => value.replace(/\s/g, '')),
  v.regex(/^\d{6}$/, 'Please enter a valid 6-digit code'),
);

/** POST /api/auth/verify-email-code and /verify-phone-code. */
export const VerifyCodeSchema = v.object({ code: CodeSchema });
export type VerifyCodeInput = v.InferOutput<typeof VerifyCodeSchema>;

/** POST /api/auth/forgot-password: the PWA sends an e-mail; a phone number works too (the link goes by SMS). */
export const ForgotPasswordSchema = v.pipe(
  v.unknown(),
  withMethod,
  v.variant(
    'registrationMethod',
    [
      v.object({ registrationMethod: v.literal('email'), email: EmailSchema }),
      v.object({ registrationMethod: v.literal('phone'), phone: PhoneSchema }),
    ],
    'Choose e-mail or phone',
  ),
  v.transform((input) =>
    input.registrationMethod === 'email'
      ? { kind: 'email' as const, value: input.email }
      : { kind: 'phone' as const, value: input.phone },
  ),
);
export type ForgotPasswordInput = v.InferOutput<typeof ForgotPasswordSchema>;

/** POST /api/auth/reset-password. */
export const ResetPasswordSchema = v.pipe(
  v.object({
    token: v.pipe(
      v.string('This reset link is invalid'),
      v.trim(),
      v.nonEmpty('This reset link is invalid'),
      v.maxLength(200, 'This reset link is invalid'),
    ),
    newPassword: PasswordSchema,
    confirmPassword: v.optional(v.string()),
  }),
  v.forward(
    v.partialCheck(
      [['newPassword'], ['confirmPassword']],
      (input) => input.confirmPassword === undefined || input.newPassword === input.confirmPassword,
      "Passwords don't match",
    ),
    ['confirmPassword'],
  ),
);
export type ResetPasswordInput = v.InferOutput<typeof ResetPasswordSchema>;

/** The User resource, as GET /api/auth/user answers it. Never carries a password hash or a code. */
export type User = {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phone: string | null;
  profileImageUrl: string | null;
  businessName: string | null;
  licenseNumber: string | null;
  /** The admins' check of that number (issue 33): none (no number), pending, verified or rejected. */
  licenseStatus: LicenseStatus;
  /** Why the number was rejected, while it is. */
  licenseRejectionReason: string | null;
  userType: UserType;
  emailVerified: boolean;
  phoneVerified: boolean;
  isVerified: boolean;
  isAdmin: boolean;
  /** An address asked for in Account Settings, waiting for its code; until then the old one signs in. */
  pendingEmail: string | null;
  pendingPhone: string | null;
  createdAt: string;
};

export type VerificationMethod = 'email' | 'phone';

export type RegisterAnswer = {
  user: User;
  requiresVerification: boolean;
  verificationMethod: VerificationMethod | null;
};
export type LoginAnswer = { user: User };
export type ProfileUpdateAnswer = {
  message: string;
  user: User;
  verificationRequired: boolean;
  verificationMethods: VerificationMethod[];
};
export type MessageAnswer = { message: string };

/** GET /api/dev/outbox?to= (not in production): the newest messages to that address first. */
export type OutboxMessage = {
  id: string;
  channel: 'email' | 'sms' | 'push';
  to: string;
  subject: string | null;
  text: string;
  createdAt: string;
  sentAt: string | null;
};
export type OutboxAnswer = { messages: OutboxMessage[] };
