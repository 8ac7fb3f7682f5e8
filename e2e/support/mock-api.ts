import type { Page, Route } from '@playwright/test'

// For screen states the seeded data cannot show (empty lists, failures, other owners),
// the page's API calls are answered here; everything else is the real built app.

export const property = (id: string, extra: Record<string, unknown> = {}) => ({
  id, ownerId: 'owner-1', title: `Bright flat ${id}`, description: 'Two bedrooms near the market.', propertyType: 'apartment', category: 'general',
  listingType: 'rent', address: '12 Oxford Street', city: 'Accra', country: 'Ghana', location: 'Osu', pricePerNight: 2500, currency: 'GH₵',
  pricingPeriod: 'month', bedrooms: 2, bathrooms: 1, amenities: ['wifi'], images: [], image: null, isActive: true, isVerified: true,
  isFeatured: false, featuredOrder: null, averageRating: 4.2, reviewCount: 3, ownerUserType: 'owner', ownerFirstName: 'Kofi',
  ownerLastName: 'Boateng', ownerBusinessName: null, createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z', version: 1, ...extra,
})

export const user = (extra: Record<string, unknown> = {}) => ({
  id: 'user-1', firstName: 'Ama', lastName: 'Mensah', email: 'ama@example.com', phone: '+233241234567', profileImageUrl: null,
  businessName: null, licenseNumber: null, userType: 'renter', emailVerified: true, phoneVerified: true, isVerified: true, isAdmin: false,
  createdAt: '2026-01-05T00:00:00Z', ...extra,
})

type Answer = { status?: number; body: unknown } | ((route: Route) => Promise<void> | void)

/** Answers `METHOD /api/path` (query ignored) from the table; anything else gets a JSON 404. */
export async function mockApi(page: Page, table: Record<string, Answer>) {
  await page.route('**/api/**', async (route) => {
    const url = new URL(route.request().url())
    const answer = table[`${route.request().method()} ${url.pathname}`]
    if (typeof answer === 'function') return answer(route)
    if (answer) return route.fulfill({ status: answer.status ?? 200, contentType: 'application/json', body: JSON.stringify(answer.body) })
    if (url.pathname === '/api/auth/user') return route.fulfill({ status: 401, contentType: 'application/json', body: '{"error":"Not signed in","code":"unauthenticated"}' })
    return route.fulfill({ status: 404, contentType: 'application/json', body: '{"error":"Not found","code":"not_found"}' })
  })
}

export const ok = (body: unknown, status = 200) => ({ status, body })
