import * as v from 'valibot';
import { defineEvent, type DomainEvent } from '../store/event-type.ts';

const nullableText = v.nullable(v.string());
const userType = v.picklist(['renter', 'owner', 'agent', 'both']);
const isoTime = v.string();

export const UserRegistered = defineEvent(
  'UserRegistered',
  v.object({
    userId: v.string(),
    email: nullableText,
    phone: nullableText,
    firstName: v.string(),
    lastName: v.string(),
    userType,
    businessName: nullableText,
    /** scrypt hash (api/auth/password.ts); only the credentials projection reads it. */
    passwordHash: v.string(),
    registeredAt: isoTime,
  }),
);

export const ProfileChanged = defineEvent(
  'ProfileChanged',
  v.object({
    firstName: v.string(),
    lastName: v.string(),
    businessName: nullableText,
    licenseNumber: nullableText,
    userType,
    changedAt: isoTime,
  }),
);

/**
 * A new address the person asked for, with the current password; it replaces
 * the old one only when a code sent to it comes back (EmailChanged then EmailVerified).
 */
export const EmailChangeRequested = defineEvent(
  'EmailChangeRequested',
  v.object({ email: v.string(), requestedAt: isoTime }),
);
export const PhoneChangeRequested = defineEvent(
  'PhoneChangeRequested',
  v.object({ phone: v.string(), requestedAt: isoTime }),
);

/** The address the account signs in with from now on (its pending change is settled), or null when it was removed. */
export const EmailChanged = defineEvent('EmailChanged', v.object({ email: nullableText, changedAt: isoTime }));
export const PhoneChanged = defineEvent('PhoneChanged', v.object({ phone: nullableText, changedAt: isoTime }));

export const EmailVerified = defineEvent('EmailVerified', v.object({ email: v.string(), verifiedAt: isoTime }));
export const PhoneVerified = defineEvent('PhoneVerified', v.object({ phone: v.string(), verifiedAt: isoTime }));

export const PasswordChanged = defineEvent(
  'PasswordChanged',
  v.object({ passwordHash: v.string(), changedAt: isoTime }),
);

/** Only the SHA-256 of the link's token is kept. */
export const PasswordResetRequested = defineEvent(
  'PasswordResetRequested',
  v.object({ tokenHash: v.string(), sentTo: v.string(), requestedAt: isoTime, expiresAt: isoTime }),
);
export const PasswordResetCompleted = defineEvent(
  'PasswordResetCompleted',
  v.object({ tokenHash: v.string(), passwordHash: v.string(), completedAt: isoTime }),
);

/**
 * The operator who owns ADMIN_EMAIL took over an unverified account at that
 * address: it gets ADMIN_PASSWORD (pending reset links die with the old password).
 */
export const PasswordSetByOperator = defineEvent(
  'PasswordSetByOperator',
  v.object({ passwordHash: v.string(), setAt: isoTime, setBy: v.string() }),
);

export const AdminGranted = defineEvent('AdminGranted', v.object({ grantedAt: isoTime, grantedBy: v.string() }));
export const AdminRevoked = defineEvent('AdminRevoked', v.object({ revokedAt: isoTime, revokedBy: v.string() }));
/**
 * An admin suspended the account (issue 33, docs/decisions/345): it cannot sign in, its sessions are
 * ended and its listings held. `listingId`: the reported listing that led to it, if any.
 */
export const AccountSuspended = defineEvent(
  'AccountSuspended',
  v.object({ reason: v.string(), listingId: v.nullable(v.string()), suspendedAt: isoTime, suspendedBy: v.string() }),
);
export const AccountSuspensionLifted = defineEvent(
  'AccountSuspensionLifted',
  v.object({ note: v.string(), liftedAt: isoTime, liftedBy: v.string() }),
);

export const userEventTypes = [
  UserRegistered,
  ProfileChanged,
  EmailChangeRequested,
  PhoneChangeRequested,
  EmailChanged,
  PhoneChanged,
  EmailVerified,
  PhoneVerified,
  PasswordChanged,
  PasswordResetRequested,
  PasswordResetCompleted,
  PasswordSetByOperator,
  AdminGranted,
  AdminRevoked,
  AccountSuspended,
  AccountSuspensionLifted,
] as const;

export type UserEvent = DomainEvent<(typeof userEventTypes)[number]>;
export const USER_EVENT_TYPES: readonly string[] = userEventTypes.map((t) => t.type);

export const userStreamId = (userId: string) => `user-${userId}`;
