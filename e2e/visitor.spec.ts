import { expect, test } from '@playwright/test'
import { expectAccessible, saveScreenshot, toasts } from './support/fixtures'

test('a visitor searches by city and filters, opens a listing and is led to registration by the contact button', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'Featured Properties' })).toBeVisible()
  await expect(page.getByRole('article').first()).toBeVisible()
  await expectAccessible(page, 'home')
  await saveScreenshot(page, 'home')

  // The slide-in menu and the language menu.
  await page.getByRole('button', { name: 'Open menu' }).click()
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible()
  await expectAccessible(page, 'mobile menu')
  await page.getByRole('button', { name: 'Close menu' }).click()
  await page.getByRole('button', { name: 'Language' }).click()
  await expect(page.getByRole('menuitemradio', { name: 'Français' })).toBeVisible()
  await expectAccessible(page, 'language menu')
  await page.keyboard.press('Escape')

  await page.getByLabel('Where do you want to live?').fill('Accra')
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page).toHaveURL(/\/search\?location=Accra/)
  await expect(page.getByRole('heading', { name: 'Properties in Accra' })).toBeVisible()
  await expect(page.getByText(/\d+ propert(y|ies) found/)).toBeVisible()
  const before = await page.getByRole('article').count()
  expect(before).toBeGreaterThan(0)

  // Filter by the property type of the first result, so the seed's random mix always matches.
  const facts = await page.getByRole('article').first().getByText(/\d+ bed · \d+ bath · /).textContent()
  const type = facts!.split(' · ').pop()!.trim()
  await page.getByRole('button', { name: /^Filters/ }).click()
  await page.getByRole('combobox', { name: 'Property type' }).click()
  await page.getByRole('option', { name: type, exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`propertyType=${type.toLowerCase()}`))
  await expect(page.getByLabel('1 active filters')).toBeVisible()
  await expect(page.getByRole('article').first()).toBeVisible()
  for (const text of await page.getByRole('article').getByText(/\d+ bed · /).allTextContents()) expect(text).toContain(type)
  await expectAccessible(page, 'search with filters')
  await page.getByRole('button', { name: /^Filters/ }).click()
  await saveScreenshot(page, 'search')

  // Grid and list views.
  await page.getByRole('button', { name: 'List', exact: true }).click()
  await expect(page).toHaveURL(/view=list/)

  await page.getByRole('article').first().getByRole('link').click()
  await expect(page).toHaveURL(/\/property\/[^/]+$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Share' })).toBeVisible()
  // The detail page uses the large image; lists use the small one.
  await expect(page.locator('main img').first()).toHaveAttribute('src', /-1200\.webp$|^data:|^https?:/)
  await expectAccessible(page, 'property detail')
  await saveScreenshot(page, 'listing')

  const id = new URL(page.url()).pathname.split('/').pop()!
  await page.getByRole('link', { name: /^Contact (Landlord|Agent)$/ }).click()
  await expect(page).toHaveURL(new RegExp(`/register\\?action=contact&propertyId=${id}$`))
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible()
  await expectAccessible(page, 'register')
})

test('an unknown property shows the not-found state', async ({ page }) => {
  await page.goto('/property/00000000-0000-0000-0000-000000000000')
  await expect(page.getByRole('heading', { name: 'Property not found' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Back to Search' })).toBeVisible()
})

test('favouriting while signed out asks the visitor to sign in', async ({ page }) => {
  await page.goto('/search')
  await page.getByRole('article').first().getByRole('button', { name: /^Save / }).click()
  await expect(toasts(page).getByText('Please sign in to save properties')).toBeVisible()
})

test('the sign-in screens pass the accessibility check', async ({ page }) => {
  for (const path of ['/login', '/forgot-password', '/reset-password?token=abc', '/verify-email', '/verify-phone', '/listing-payment', '/account-settings']) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expectAccessible(page, path)
  }
})
