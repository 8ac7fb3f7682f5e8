import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../i18n/i18n.ts';
import { DEFAULT_LANGUAGE, languageOf } from '../i18n/languages.ts';
import { replyTimeText } from './reply-time.ts';

afterEach(() => setLanguage(DEFAULT_LANGUAGE, { save: false }));

describe('a reply time, rounded up', () => {
  it('says minutes under an hour, hours under a day, then days', () => {
    expect([0, 1, 30, 59.5, 60, 61, 23 * 60, 24 * 60, 24 * 60 + 1, 72 * 60].map(replyTimeText)).toEqual([
      '1 minute',
      '1 minute',
      '30 minutes',
      '1 hour',
      '1 hour',
      '2 hours',
      '23 hours',
      '1 day',
      '2 days',
      '3 days',
    ]);
  });

  it('in French once French is chosen', async () => {
    await setLanguage(languageOf('fr')!, { save: false });
    // Intl puts a no-break space between the number and its unit.
    expect([30, 180, 3 * 24 * 60].map((m) => replyTimeText(m).replace(/\u00a0/g, ' '))).toEqual([
      '30 minutes',
      '3 heures',
      '3 jours',
    ]);
  });
});
