import type { NewMessage } from '../outbox/outbox.ts';
import { userText } from '../outbox/user-text.ts';
import type { Channel } from './verification-codes.ts';

const channelOf = (channel: Channel): NewMessage['channel'] => (channel === 'email' ? 'email' : 'sms');

export function verificationCodeMessage(channel: Channel, to: string, code: string): NewMessage {
  const text =
    channel === 'email'
      ? `Your Efie verification code is ${code}. It expires in 15 minutes. If you did not ask for it, ignore this e-mail.`
      : `Your Efie code is ${code}. It expires in 15 minutes.`;
  return {
    channel: channelOf(channel),
    to,
    subject: channel === 'email' ? 'Your Efie verification code' : null,
    text,
    containsSecret: true,
  };
}

export function passwordResetMessage(channel: Channel, to: string, link: string): NewMessage {
  const text =
    channel === 'email'
      ? `Someone asked to reset the password of your Efie account. Open this link within 60 minutes to choose a new one: ${link}\nIf it was not you, ignore this e-mail; your password stays as it is.`
      : `Reset your Efie password within 60 minutes: ${link}`;
  return {
    channel: channelOf(channel),
    to,
    subject: channel === 'email' ? 'Reset your Efie password' : null,
    text,
    containsSecret: true,
  };
}

/**
 * Masks all but the ends of an address: the old address learns where the account is going, not
 * the whole of it. The domain is text the person signed in chose: defanged, so it is no link.
 */
export function maskAddress(address: string): string {
  const at = address.indexOf('@');
  if (at > 0) return `${address.slice(0, 1)}***${userText(address.slice(at))}`;
  return `${address.slice(0, 4)}***${address.slice(-2)}`;
}

/**
 * To the address an account signs in with, when someone asks to replace it. `newAddress` is
 * null when that address was never proven (its reader may not be the account's holder): the
 * notice then names nothing that the person signed in chose.
 */
export function identifierChangeNotice(
  channel: Channel,
  to: string,
  newAddress: string | null,
  origin: string,
): NewMessage {
  const what = channel === 'email' ? 'e-mail address' : 'phone number';
  const target = newAddress === null ? `a new ${what}` : maskAddress(newAddress);
  const text =
    channel === 'email'
      ? `Someone signed in to your Efie account and asked to change its ${what} to ${target}. ` +
        `This ${what} keeps working until the new one is confirmed with the code we sent it. ` +
        `If this was not you, reset your password now at ${origin}/forgot-password and the change stops there.`
      : `Efie: a change of your account's ${what} to ${target} was asked for. Not you? Reset your password: ${origin}/forgot-password`;
  return {
    channel: channelOf(channel),
    to,
    subject: channel === 'email' ? `Your Efie ${what} is being changed` : null,
    text,
  };
}

/** To an address that was removed from an account. */
export function identifierRemovedNotice(channel: Channel, to: string, origin: string): NewMessage {
  const what = channel === 'email' ? 'e-mail address' : 'phone number';
  const text =
    channel === 'email'
      ? `This ${what} was removed from an Efie account and no longer signs in to it. If this was not you, reset your password at ${origin}/forgot-password using the account's other sign-in address.`
      : `Efie: this ${what} was removed from your account. Not you? Reset your password: ${origin}/forgot-password`;
  return {
    channel: channelOf(channel),
    to,
    subject: channel === 'email' ? `Your ${what} was removed from Efie` : null,
    text,
  };
}
