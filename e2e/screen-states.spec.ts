import { expect, test } from '@playwright/test'
import { expectAccessible, toasts } from './support/fixtures'
import { mockApi, ok, property, user } from './support/mock-api'

const page12 = (count: number, total = count) => ok({ properties: Array.from({ length: count }, (_, i) => property(`p${i + 1}`)), total, page: 1, pageSize: 12 })

test.describe('home', () => {
  test('shows featured properties with the Featured badge', async ({ page }) => {
    await mockApi(page, { 'GET /api/properties/featured': ok([property('f1', { isFeatured: true })]), 'GET /api/properties/search': page12(3) })
    await page.goto('/')
    await expect(page.getByRole('article')).toHaveCount(1)
    await expect(page.getByRole('article').getByText('Featured', { exact: true })).toBeVisible()
  })

  test('falls back to available properties when none are featured', async ({ page }) => {
    await mockApi(page, { 'GET /api/properties/featured': ok([]), 'GET /api/properties/search': page12(8) })
    await page.goto('/')
    await expect(page.getByRole('article')).toHaveCount(6)
    await expect(page.getByRole('article').first().getByText('Available', { exact: true })).toBeVisible()
  })

  test('offers to list a property when there are none at all', async ({ page }) => {
    await mockApi(page, { 'GET /api/properties/featured': ok([]), 'GET /api/properties/search': page12(0) })
    await page.goto('/')
    await expect(page.getByRole('link', { name: 'List Your Property Now' })).toHaveAttribute('href', '/register?userType=property_professional')
    await expectAccessible(page, 'home, empty')
  })
})

test.describe('search', () => {
  test('shows pagination only beyond 12 results and resets the page when a filter changes', async ({ page }) => {
    await mockApi(page, { 'GET /api/properties/search': page12(12, 30) })
    await page.goto('/search?page=2')
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page')
    await page.getByRole('button', { name: /^Filters/ }).click()
    await page.getByLabel('Pool').check()
    await expect(page).not.toHaveURL(/page=2/)
    await expect(page).toHaveURL(/amenities=pool/)
  })

  test('asks a visitor to sign in to see saved properties', async ({ page }) => {
    await mockApi(page, {})
    await page.goto('/search?saved=true')
    await expect(page.getByRole('heading', { name: 'Saved Properties' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible()
  })
})

test.describe('property detail', () => {
  test('a signed-in user can favourite and is sent to the contact page; agents are called Agent', async ({ page }) => {
    let saved: unknown[] = []
    await mockApi(page, {
      'GET /api/auth/user': ok(user()),
      'GET /api/properties/p1': ok(property('p1', { ownerUserType: 'agent' })),
      'GET /api/favorites': (route) => route.fulfill({ json: saved }),
      'POST /api/favorites/p1': (route) => { saved = [property('p1')]; return route.fulfill({ json: { ok: true } }) },
    })
    await page.goto('/property/p1')
    await expect(page.getByRole('link', { name: 'Contact Agent' })).toHaveAttribute('href', '/contact-landlord/p1')
    await page.getByRole('button', { name: 'Save Bright flat p1' }).click()
    await expect(page.getByRole('button', { name: 'Remove Bright flat p1 from saved properties' })).toBeVisible()
  })

  test('a visitor sees no favourite button', async ({ page }) => {
    await mockApi(page, { 'GET /api/properties/p1': ok(property('p1')) })
    await page.goto('/property/p1')
    await expect(page.getByRole('heading', { name: 'Bright flat p1' })).toBeVisible()
    await expect(page.getByRole('button', { name: /^Save / })).toHaveCount(0)
  })
})

test.describe('listing', () => {
  test('a visitor who opens the wizard is told to log in and sent to /login after a second', async ({ page }) => {
    await mockApi(page, {})
    await page.goto('/list-property')
    await expect(toasts(page).getByText('You need to be logged in to list properties')).toBeVisible()
    await expect(page).toHaveURL(/\/login$/, { timeout: 3_000 })
  })

  test('the wizard refuses a missing field and a zero price', async ({ page }) => {
    await mockApi(page, { 'GET /api/auth/user': ok(user({ userType: 'owner' })) })
    await page.goto('/list-property?plan=premium')
    await expect(page.getByText('Premium Monthly plan')).toBeVisible()
    await page.getByRole('button', { name: 'Next' }).click()
    await page.getByRole('button', { name: 'Next' }).click()
    await page.getByRole('button', { name: 'Submit Listing' }).click()
    await expect(toasts(page).getByText('Please fill in all required fields')).toBeVisible()
    await page.getByRole('button', { name: 'Previous' }).click()
    await page.getByRole('button', { name: 'Previous' }).click()
    await page.getByLabel('Title *').fill('A room')
    await page.getByLabel('Description *').fill('Quiet')
    await page.getByRole('button', { name: 'Next' }).click()
    await page.getByRole('combobox', { name: 'City *' }).click()
    await page.getByRole('option', { name: 'Kumasi' }).click()
    await page.getByLabel('Price *').fill('GH₵ 0')
    await page.getByRole('button', { name: 'Next' }).click()
    await page.getByRole('button', { name: 'Submit Listing' }).click()
    await expect(toasts(page).getByText('Please enter a valid price')).toBeVisible()
  })

  test('changing the country clears the city and switches the currency', async ({ page }) => {
    await mockApi(page, { 'GET /api/auth/user': ok(user({ userType: 'owner' })) })
    await page.goto('/list-property')
    await page.getByLabel('Title *').fill('A room')
    await page.getByRole('button', { name: 'Next' }).click()
    await page.getByRole('combobox', { name: 'City *' }).click()
    await page.getByRole('option', { name: 'Tamale' }).click()
    await page.getByRole('combobox', { name: 'Country *' }).click()
    await page.getByRole('option', { name: 'Jamaica' }).click()
    await expect(page.getByRole('combobox', { name: 'City *' })).toHaveText(/Select a city/)
    await expect(page.getByRole('combobox', { name: 'Currency' })).toHaveText(/\$ \(dollar\)/)
  })

  test('the simulated payment leads to the wizard with the plan after two seconds', async ({ page }) => {
    await mockApi(page, { 'GET /api/auth/user': ok(user({ userType: 'owner' })) })
    await page.goto('/listing-payment')
    await expect(page.getByText('Most Popular')).toBeVisible()
    await expectAccessible(page, 'listing payment')
    await page.getByText('Featured Monthly').click()
    await page.getByRole('button', { name: 'Pay $59.99' }).click()
    await expect(page.getByRole('button', { name: 'Processing payment...' })).toBeDisabled()
    await expect(page).toHaveURL(/\/list-property\?plan=featured$/, { timeout: 4_000 })
  })
})

test.describe('host dashboard', () => {
  test('shows status badges, counts and deletes after confirmation', async ({ page }) => {
    let deleted = false
    await mockApi(page, {
      'GET /api/auth/user': ok(user({ userType: 'owner', isAdmin: true })),
      'GET /api/user/properties': (route) => route.fulfill({ json: [property('a', { isVerified: false }), property('b', { isActive: false }), ...(deleted ? [] : [property('c')])] }),
      'DELETE /api/properties/c': (route) => { deleted = true; return route.fulfill({ json: { ok: true } }) },
    })
    await page.goto('/dashboard')
    await expect(page.getByRole('article').filter({ hasText: 'Bright flat a' }).getByText('Pending Approval')).toBeVisible()
    await expect(page.getByRole('article').filter({ hasText: 'Bright flat b' }).getByText('Approved')).toBeVisible()
    await expect(page.getByRole('article').filter({ hasText: 'Bright flat c' }).getByText('Live')).toBeVisible()
    await expect(page.getByText('Average rating').locator('..')).toContainText('4.2')
    await page.getByRole('button', { name: 'Actions for Bright flat c' }).click()
    await page.getByRole('menuitem', { name: 'Delete Property' }).click()
    await expect(page.getByRole('alertdialog')).toBeVisible()
    await expectAccessible(page, 'delete confirmation')
    await page.getByRole('button', { name: 'Delete', exact: true }).click()
    await expect(toasts(page).getByText('Property deleted successfully')).toBeVisible()
    await expect(page.getByRole('article')).toHaveCount(2)
    await page.getByRole('tab', { name: 'Analytics' }).click()
    await expect(page.getByRole('link', { name: 'Service Provider Approval' })).toBeVisible()
    await expectAccessible(page, 'host analytics')
  })

  test('offers a subscription when the host has no properties', async ({ page }) => {
    await mockApi(page, { 'GET /api/auth/user': ok(user({ userType: 'owner' })), 'GET /api/user/properties': ok([]) })
    await page.goto('/host-dashboard')
    await expect(page.getByRole('link', { name: 'Subscribe to List Properties' })).toHaveAttribute('href', '/listing-payment')
  })

  test('a signed-out visitor is told and sent to sign in', async ({ page }) => {
    await mockApi(page, {})
    await page.goto('/host-dashboard')
    await expect(toasts(page).getByText('You are logged out. Logging in again...')).toBeVisible()
    await expect(page).toHaveURL(/\/login$/)
  })
})

test.describe('access', () => {
  test('a non-owner is sent from the edit page to the dashboard', async ({ page }) => {
    await mockApi(page, { 'GET /api/auth/user': ok(user()), 'GET /api/properties/p1': ok(property('p1')), 'GET /api/favorites': ok([]) })
    await page.goto('/property/p1/edit')
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(toasts(page).getByText("You don't have permission to edit this property")).toBeVisible()
  })

  test('a visitor is sent from the edit page to sign in', async ({ page }) => {
    await mockApi(page, { 'GET /api/properties/p1': ok(property('p1')) })
    await page.goto('/property/p1/edit')
    await expect(page).toHaveURL(/\/login$/)
  })

  test('the admin panel shows Access Denied when the server refuses', async ({ page }) => {
    await mockApi(page, { 'GET /api/auth/user': ok(user()), 'GET /api/admin/properties': ok({ error: 'Admins only', code: 'forbidden' }, 403) })
    await page.goto('/admin/image-approval')
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toBeVisible()
  })

  test('the admin settings tab changes the admin password', async ({ page }) => {
    await mockApi(page, {
      'GET /api/auth/user': ok(user({ isAdmin: true })),
      'GET /api/admin/properties': ok({ properties: [], total: 0, page: 1, pageSize: 20 }),
      'POST /api/admin/change-password': ok({ message: 'Password changed' }),
    })
    await page.goto('/admin/image-approval')
    await page.getByRole('tab', { name: 'Settings' }).click()
    await page.getByLabel('Current password', { exact: true }).fill('old-Password-1')
    await page.getByLabel('New password', { exact: true }).fill('new-Password-2')
    await page.getByLabel('Confirm new password', { exact: true }).fill('other-Password-3')
    await page.getByRole('button', { name: 'Change Password' }).click()
    await expect(page.getByText('New passwords do not match')).toBeVisible()
    await expectAccessible(page, 'admin settings')
    await page.getByLabel('Confirm new password', { exact: true }).fill('new-Password-2')
    await page.getByRole('button', { name: 'Change Password' }).click()
    await expect(toasts(page).getByText('Password changed successfully')).toBeVisible()
  })

  test('account settings ask a visitor to sign in', async ({ page }) => {
    await mockApi(page, {})
    await page.goto('/account-settings')
    await expect(page.getByRole('heading', { name: 'Authentication Required' })).toBeVisible()
    await expect(page.getByText('Please sign in to access your account settings.')).toBeVisible()
  })
})

test.describe('contact landlord', () => {
  test('shows the owner details of a live property', async ({ page }) => {
    await mockApi(page, { 'GET /api/auth/user': ok(user()), 'GET /api/properties/p1': ok(property('p1', { ownerEmail: 'kofi@example.com', ownerPhone: '+233200000000' })) })
    await page.goto('/contact-landlord/p1')
    await expect(page.getByRole('link', { name: 'Email kofi@example.com' })).toHaveAttribute('href', 'mailto:kofi@example.com')
    await expectAccessible(page, 'contact landlord')
  })

  test('says a property under review has no details yet', async ({ page }) => {
    await mockApi(page, { 'GET /api/auth/user': ok(user()), 'GET /api/properties/p1': ok(property('p1', { isVerified: false })) })
    await page.goto('/contact-landlord/p1')
    await expect(page.getByRole('heading', { name: 'Property Under Review' })).toBeVisible()
  })

  test('a missing property and a visitor each get their card', async ({ page }) => {
    await mockApi(page, { 'GET /api/auth/user': ok(user()) })
    await page.goto('/contact-landlord/nope')
    await expect(page.getByText("The property you're looking for doesn't exist or has been removed.")).toBeVisible()
    await page.unrouteAll()
    await mockApi(page, { 'GET /api/properties/p1': ok(property('p1')) })
    await page.goto('/contact-landlord/p1')
    await expect(page.getByRole('heading', { name: 'Sign-up required' })).toBeVisible()
  })
})

test.describe('account', () => {
  test('verification codes: digits only, six of them, and the server error is shown', async ({ page }) => {
    await mockApi(page, { 'POST /api/auth/verify-email-code': ok({ error: 'That code has expired', code: 'code_expired' }, 400) })
    await page.goto('/verify-email')
    const input = page.getByLabel('Verification code')
    await input.fill('12a3')
    await expect(input).toHaveValue('123')
    await expect(page.getByRole('button', { name: 'Verify', exact: true })).toBeDisabled()
    await input.fill('123456')
    await page.getByRole('button', { name: 'Verify', exact: true }).click()
    await expect(page.getByRole('alert')).toHaveText('That code has expired')
  })

  test('a profile save that needs verification says where to look', async ({ page }) => {
    await mockApi(page, {
      'GET /api/auth/user': ok(user()),
      'PUT /api/auth/profile': ok({ message: 'Saved', verificationRequired: true, verificationMethods: ['email', 'phone'] }),
    })
    await page.goto('/account-settings')
    await page.getByLabel('First Name').fill('')
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await expect(page.getByText('First name is required')).toBeVisible()
    await page.getByLabel('First Name').fill('Ama')
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await expect(toasts(page).getByText('Please check your email and phone for verification instructions.')).toBeVisible()
  })

  test('sign out still leaves when the logout call fails', async ({ page }) => {
    await mockApi(page, { 'GET /api/auth/user': ok(user()), 'POST /api/auth/logout': ok({ error: 'down' }, 500), 'GET /api/properties/featured': ok([]), 'GET /api/properties/search': page12(0) })
    await page.goto('/search')
    await page.getByRole('button', { name: 'Open menu' }).click()
    await page.getByRole('button', { name: 'Sign Out' }).click()
    await expect(page).toHaveURL(/\/$/)
  })
})
