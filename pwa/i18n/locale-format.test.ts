import { afterEach, describe, expect, it } from 'vitest';
import { formatPrice as serverPrice } from '../../api/contract/price-text.ts';
import { advanceRentText, formatNumber, formatPrice, longDate, periodLabel, propertyTypeLabel } from '../lib/format.ts';
import { waitText } from '../lib/wait-text.ts';
import { setLanguage, t, tn, translateText } from './i18n.ts';
// The search screen's messages come with its chunk (ADR 360): imported here as the screen does.
import './en-search.ts';
import { DEFAULT_LANGUAGE, languageOf } from './languages.ts';

const french = languageOf('fr')!;
// Intl writes French groups with a narrow no-break space, and the symbol after a no-break space.
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

afterEach(() => setLanguage(DEFAULT_LANGUAGE, { save: false }));

describe('formatting for the active language', () => {
  it('writes prices, dates and numbers as the English app always has', () => {
    expect(formatPrice({ pricePerNight: 1500, currency: 'GH₵' })).toBe('GH₵1,500');
    expect(formatPrice({ pricePerNight: 1234567.891, currency: 'GH₵' })).toBe('GH₵1,234,567.89');
    expect(formatPrice({ pricePerNight: 850.5, currency: '$' })).toBe('$850.5');
    expect(periodLabel('month')).toBe('/month');
    expect(longDate('2026-01-05T12:00:00Z')).toBe('January 5, 2026');
    expect(longDate(null)).toBe('N/A');
    expect(formatNumber(1200)).toBe('1,200');
    expect(advanceRentText(1)).toBe('Rent up front: 1 month');
    expect(waitText(90)).toBe('2 minutes');
  });

  it('writes them the French way once French is chosen', async () => {
    await setLanguage(french, { save: false });
    expect(plain(formatPrice({ pricePerNight: 1500, currency: 'GH₵' }))).toBe('1 500 GH₵');
    expect(plain(formatPrice({ pricePerNight: 1234567.891, currency: 'GH₵' }))).toBe('1 234 567,89 GH₵');
    expect(plain(formatPrice({ pricePerNight: 850.5, currency: '$' }))).toBe('850,5 $');
    expect(periodLabel('month')).toBe('/mois');
    expect(periodLabel('year')).toBe('/an');
    expect(longDate('2026-01-05T12:00:00Z')).toBe('5 janvier 2026');
    expect(longDate(undefined)).toBe('N/D');
    expect(plain(formatNumber(1200))).toBe('1 200');
    expect(advanceRentText(24)).toBe('Loyer d’avance : 24 mois');
    expect(advanceRentText(0)).toBe('Aucun loyer d’avance');
    expect(propertyTypeLabel('apartment')).toBe('Appartement');
    expect(waitText(30)).toBe('30 secondes');
  });

  it('keeps the server’s link previews in English whatever the app shows', async () => {
    await setLanguage(french, { save: false });
    expect(serverPrice({ pricePerNight: 2500, currency: 'GH₵' })).toBe('GH₵2,500');
  });

  it('picks plural forms by each language’s rules: French counts 0 and 1 as one', async () => {
    expect(tn('search.foundCount', 0)).toBe('0 properties found');
    expect(tn('search.foundCount', 1)).toBe('1 property found');
    await setLanguage(french, { save: false });
    expect(tn('search.foundCount', 0)).toBe('0 bien trouvé');
    expect(tn('search.foundCount', 1)).toBe('1 bien trouvé');
    expect(plain(tn('search.foundCount', 1500))).toBe('1 500 biens trouvés');
  });

  it('fills placeholders, and translates the server’s English texts only when another language is chosen', async () => {
    expect(t('search.headingIn', { location: 'Accra' })).toBe('Properties in Accra');
    expect(translateText('Invalid email address')).toBe('Invalid email address');
    await setLanguage(french, { save: false });
    expect(t('search.headingIn', { location: 'Accra' })).toBe('Biens à Accra');
    expect(translateText('Invalid email address')).toBe('Adresse e-mail invalide');
    expect(translateText('Anything the catalog does not know')).toBe('Anything the catalog does not know');
    expect(translateText('Some server words', 'invalid_credentials')).toBe('E-mail ou mot de passe incorrect');
  });
});
