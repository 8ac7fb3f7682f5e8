import { expect, request, type APIRequestContext } from '@playwright/test';
import type { RegisterAnswer, RegisterBody, User } from '../../api/contract/auth.schema.ts';
import type { CreatePropertyInput, Property } from '../../api/contract/properties.schema.ts';
import { outboxCode, unique } from './fixtures.ts';

// States made on the real seeded server through its API (the way a person would make
// them), for screens that need a pending listing, an agent's listing, a stranger and so on.
// A page's `page.request` shares the page's cookies: registering through it signs the page in.

export const PASSWORD = 'states-Password-1';

export type Account = { email: string; password: string; user: User };

/** Registers by e-mail, leaving the address unverified; `api` is signed in after. */
export async function register(
  api: APIRequestContext,
  userType: RegisterBody['userType'],
  firstName: string,
  extra: Partial<RegisterBody> = {},
) {
  const email = `${firstName.toLowerCase()}.${unique()}@example.com`;
  const body: RegisterBody = {
    firstName,
    lastName: 'Tester',
    email,
    password: PASSWORD,
    userType,
    registrationMethod: 'email',
    ...extra,
  };
  const registered = await api.post('/api/auth/register', { data: body });
  expect(registered.status(), await registered.text()).toBe(201);
  return { email, password: PASSWORD, answer: (await registered.json()) as RegisterAnswer };
}

/** Registers by e-mail and verifies the address with the code from the dev outbox; `api` is signed in after. */
export async function signUp(
  api: APIRequestContext,
  userType: RegisterBody['userType'],
  firstName: string,
  extra: Partial<RegisterBody> = {},
): Promise<Account> {
  const { email, answer } = await register(api, userType, firstName, extra);
  expect(answer.requiresVerification).toBe(true);
  const verified = await api.post('/api/auth/verify-email-code', { data: { code: await outboxCode(api, email) } });
  expect(verified.status(), await verified.text()).toBe(200);
  return { email, password: PASSWORD, user: (await (await api.get('/api/auth/user')).json()) as User };
}

/** Signs `api` in with an e-mail and password. */
export async function signIn(api: APIRequestContext, email: string, password: string) {
  const response = await api.post('/api/auth/login', { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
}

/** A request context of its own, signed in as the admin the e2e server was started with. */
export async function adminApi(baseURL: string): Promise<APIRequestContext> {
  const admin = await request.newContext({ baseURL });
  await signIn(admin, process.env.E2E_ADMIN_EMAIL!, process.env.E2E_ADMIN_PASSWORD!);
  return admin;
}

/** POST /api/properties as `api`'s user: a pending listing. */
export async function createListing(
  api: APIRequestContext,
  overrides: Partial<CreatePropertyInput> = {},
): Promise<Property> {
  const data: CreatePropertyInput = {
    title: `Screen-state flat ${unique()}`,
    description: 'Two bedrooms near the market, steady water.',
    propertyType: 'apartment',
    // Tamale, not Accra: the visitor journey searches Accra and expects photos on what it finds.
    category: 'general',
    listingType: 'rent',
    address: '7 Hospital Road',
    city: 'Tamale',
    country: 'Ghana',
    pricePerNight: 2500,
    currency: 'GH₵',
    pricingPeriod: 'month',
    bedrooms: 2,
    bathrooms: 1,
    amenities: ['wifi'],
    images: [],
    ...overrides,
  };
  const response = await api.post('/api/properties', { data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Property;
}

/** The admin approves a listing: it goes live. */
export async function approve(admin: APIRequestContext, id: string) {
  const response = await admin.post(`/api/admin/properties/${id}/approve`);
  expect(response.status(), await response.text()).toBe(200);
}

/** The admin hides or shows a listing. */
export async function setVisible(admin: APIRequestContext, id: string, isActive: boolean) {
  const response = await admin.patch(`/api/admin/properties/${id}/visibility`, { data: { isActive } });
  expect(response.status(), await response.text()).toBe(200);
}

/** Every listing the admin list holds with this status filter (pages of 100). */
export async function adminListings(admin: APIRequestContext, status: 'active' | 'all'): Promise<Property[]> {
  const all: Property[] = [];
  for (let page = 1; ; page++) {
    const response = await admin.get(`/api/admin/properties?status=${status}&limit=100&page=${page}`);
    expect(response.status(), await response.text()).toBe(200);
    const { properties, total } = (await response.json()) as { properties: Property[]; total: number };
    all.push(...properties);
    if (all.length >= total || properties.length === 0) return all;
  }
}

/**
 * Takes every listing off the featured list (and, with `hideAll`, off the site) for the
 * length of `body`, then puts them back as they were: the home page's other states on the
 * real server. Tests run one at a time (playwright.config.ts), so no other test sees the gap.
 */
export async function withoutListings(baseURL: string, { hideAll }: { hideAll: boolean }, body: () => Promise<void>) {
  const admin = await adminApi(baseURL);
  // Featured listings that are not live do not show on the home page: they stay as they are.
  const featured = ((await (await admin.get('/api/admin/featured-properties')).json()) as Property[]).filter(
    (p) => p.isVerified && p.isActive,
  );
  const live = hideAll ? await adminListings(admin, 'active') : [];
  try {
    for (const p of featured) {
      const response = await admin.patch(`/api/admin/properties/${p.id}/featured`, { data: { isFeatured: false } });
      expect(response.status(), await response.text()).toBe(200);
    }
    for (const p of live) await setVisible(admin, p.id, false);
    await body();
  } finally {
    for (const p of live) await setVisible(admin, p.id, true);
    for (const p of featured) {
      const response = await admin.patch(`/api/admin/properties/${p.id}/featured`, {
        data: { isFeatured: true, featuredOrder: p.featuredOrder },
      });
      expect(response.status(), await response.text()).toBe(200);
    }
    await admin.dispose();
  }
}
