import { addEnglish } from './i18n.ts';

// English messages of the outbox screens, in their own chunk: imported by the screens that use them (ADR 360).
export const enOutbox = addEnglish({
  'outbox.itIsMine': 'It is mine, send it',
  'outbox.sessionEnded': ' Your session ended: sign in again to send it.',
  'outbox.tried.one': ' (tried {count} time)',
  'outbox.tried.other': ' (tried {count} times)',
  'outbox.unclaimed':
    'Saved on this phone by an earlier version of Efie, which did not note whose account it was for. Send it only if it is yours.',
});
