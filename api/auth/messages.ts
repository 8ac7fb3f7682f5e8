import type { NewMessage } from '../outbox/outbox.ts';
import type { Channel } from './verification-codes.ts';

const channelOf = (channel: Channel): NewMessage['channel'] => (channel === 'email' ? 'email' : 'sms');

export function verificationCodeMessage(channel: Channel, to: string, code: string): NewMessage {
  const text =
    channel === 'email'
      ? `Your Efie verification code is ${code}. It expires in 15 minutes. If you did not ask for it, ignore this e-mail.`
      : `Your Efie code is ${code}. It expires in 15 minutes.`;
  return { channel: channelOf(channel), to, subject: channel === 'email' ? 'Your Efie verification code' : null, text, containsSecret: true };
}

export function passwordResetMessage(channel: Channel, to: string, link: string): NewMessage {
  const text =
    channel === 'email'
      ? `Someone asked to reset the password of your Efie account. Open this link within 60 minutes to choose a new one: ${link}\nIf it was not you, ignore this e-mail; your password stays as it is.`
      : `Reset your Efie password within 60 minutes: ${link}`;
  return { channel: channelOf(channel), to, subject: channel === 'email' ? 'Reset your Efie password' : null, text, containsSecret: true };
}
