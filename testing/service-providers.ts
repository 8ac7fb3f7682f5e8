import { expect } from 'vitest';
import type { ProviderPage, RegisterProviderInput, ServiceProvider } from '../api/contract/service-providers.schema.ts';
import type { createClient } from './test-app.ts';

type Client = ReturnType<typeof createClient>;

let n = 0;
/** A complete, valid registration body; each call a different business and e-mail. */
export const providerBody = (overrides: Partial<RegisterProviderInput> = {}): RegisterProviderInput => {
  n++;
  return {
    categoryId: 'plumber',
    businessName: `Kofi Pipes ${n}`,
    contactPerson: 'Kofi Asante',
    email: `kofi.pipes${n}@example.com`,
    phone: '024 123 4567',
    businessAddress: '12 Ring Road, Accra',
    serviceArea: 'Accra and Tema',
    yearsExperience: 7,
    servicesOffered: 'Leaks, boreholes, water heaters',
    emergencyAvailable: true,
    description: 'Family business since 2018.',
    ...overrides,
  };
};

export async function registerProvider(
  client: Client,
  overrides: Partial<RegisterProviderInput> = {},
): Promise<ServiceProvider> {
  const res = await client.request('/api/service-providers', { method: 'POST', json: providerBody(overrides) });
  const body = (await res.json()) as ServiceProvider;
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body;
}

export async function setStatus(admin: Client, id: string, status: string): Promise<ServiceProvider> {
  const res = await admin.request(`/api/service-providers/${id}/status`, { method: 'PATCH', json: { status } });
  const body = (await res.json()) as { provider: ServiceProvider };
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.provider;
}

export async function listProviders(client: Client, query = ''): Promise<ProviderPage> {
  const res = await client.request(`/api/service-providers${query}`);
  const body = (await res.json()) as ProviderPage;
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body;
}
