import { expect, test, type Page } from '@playwright/test';
import { appReady, expectNoSidewaysScroll, saveScreenshot } from './support/fixtures.ts';

// Issue 33: the header's language control switches the whole app to French and back, on a phone,
// and the choice is remembered (ADR 360).
test.use({ viewport: { width: 360, height: 740 } });

const chooseLanguage = async (page: Page, current: string, language: string) => {
  await page.getByRole('button', { name: current }).click();
  await page.getByRole('menuitemradio', { name: language }).click();
};

test('a visitor switches the app to French, finds it French everywhere and after a reload, and switches back', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat/i.test(message.text())) errors.push(message.text());
  });

  await page.goto('/');
  await appReady(page);
  await expect(page.getByRole('heading', { name: 'Featured Properties' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  // The languages without a catalog are shown, and cannot be chosen.
  await page.getByRole('button', { name: 'Language' }).click();
  await expect(page.getByRole('menuitemradio', { name: /Español/ })).toBeDisabled();
  await expect(page.getByRole('menuitemradio', { name: /Deutsch/ })).toBeDisabled();
  await page.getByRole('menuitemradio', { name: 'Français' }).click();

  // Home.
  await expect(page.getByRole('heading', { name: 'Biens à la une' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Trouvez votre chez-vous loin de chez vous');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('button', { name: 'Langue' })).toHaveText('FR');
  await expect(page.getByRole('link', { name: 'Conditions d’utilisation' })).toBeVisible();
  // Prices as French writes them: the symbol after the amount, a space between thousands.
  await expect(
    page
      .getByRole('article')
      .first()
      .getByText(/^[\d\u202f\u00a0 ]+(,\d+)?[\u202f\u00a0 ]GH₵\/(mois|semaine|an)$/),
  ).toBeVisible();
  await expectNoSidewaysScroll(page);
  await saveScreenshot(page, 'language-fr-home');

  await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Résidences étudiantes' })).toBeVisible();
  await saveScreenshot(page, 'language-fr-menu');
  await page.getByRole('button', { name: 'Fermer le menu' }).click();

  // Search, and its filters.
  await page.getByLabel('Où voulez-vous habiter ?').fill('Accra');
  await page.getByRole('button', { name: 'Rechercher', exact: true }).click();
  await expect(page).toHaveURL(/\/search\?location=Accra/);
  await expect(page.getByRole('heading', { name: 'Biens à Accra' })).toBeVisible();
  await expect(page.getByText(/\d+ biens? trouvé/)).toBeVisible();
  await page.getByRole('button', { name: /^Filtres/ }).click();
  await expect(page.getByRole('combobox', { name: 'Type de bien' })).toBeVisible();
  await expect(page.getByText('Au plus 6 mois de loyer d’avance')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await saveScreenshot(page, 'language-fr-search-filters');
  await page.getByRole('button', { name: /^Filtres/ }).click();
  await expect(page.getByText(/\d+ ch\. · \d+ sdb · /).first()).toBeVisible();
  await saveScreenshot(page, 'language-fr-search');

  // A listing.
  await page.getByRole('article').first().getByRole('link').click();
  await expect(page.getByRole('heading', { name: 'À propos de ce bien' })).toBeVisible();
  await expect(page.getByText('Prudence :')).toBeVisible();
  await expect(page.getByRole('link', { name: /^Contacter (l’agent|le propriétaire)$/ })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await saveScreenshot(page, 'language-fr-listing');

  // Sign up, and sign in (the sign-in form's own words are not translated yet: its page around it is).
  await page.getByRole('link', { name: /^Contacter (l’agent|le propriétaire)$/ }).click();
  await expect(page.getByRole('heading', { name: 'Créer votre compte' })).toBeVisible();
  await expect(page.getByLabel('Prénom')).toBeVisible();
  await page.getByRole('button', { name: 'Créer le compte' }).click();
  await expect(page.getByText('Le prénom est obligatoire')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await saveScreenshot(page, 'language-fr-register');
  await page.getByRole('link', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('link', { name: 'Politique de confidentialité' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Bon retour' })).toBeVisible();
  await expect(page.getByLabel('Mot de passe', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Se connecter', exact: true })).toBeVisible();
  await saveScreenshot(page, 'language-fr-login');

  // Remembered: a reload of a page the server draws (in English) comes back in French.
  await page.goto('/search?location=Accra');
  await appReady(page);
  await expect(page.getByRole('heading', { name: 'Biens à Accra' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Biens à Accra' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('efie.language'))).toBe('fr');
  expect((await page.context().cookies()).find((cookie) => cookie.name === 'efie-lang')?.value).toBe('fr');

  // And back to English.
  await chooseLanguage(page, 'Langue', 'English');
  await expect(page.getByRole('heading', { name: 'Properties in Accra' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.goto('/');
  await appReady(page);
  await expect(page.getByRole('heading', { name: 'Featured Properties' })).toBeVisible();
  await expect(
    page
      .getByRole('article')
      .first()
      .getByText(/^GH₵[\d,]+(\.\d+)?\/(month|week|year)$/),
  ).toBeVisible();
  await saveScreenshot(page, 'language-en-home');
  expect(errors, 'no hydration error').toEqual([]);
});
