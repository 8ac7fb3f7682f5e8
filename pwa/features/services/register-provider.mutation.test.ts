import { describe, expect, it } from 'vitest';
import { toStored } from '../../offline/outbox-item.schema.ts';
import { upgradeItem } from '../../offline/outbox-registry.ts';
import { formItem } from '../../offline/queue-form.ts';
import { registerProviderForm } from './provider-form.outbox.ts';
import { checkProviderForm, emptyProviderForm } from './provider-form.schema.ts';
import { registrationForm } from './register-provider.mutation.ts';

const checked = checkProviderForm({
  ...emptyProviderForm('plumber'),
  businessName: 'Kofi Pipes',
  contactPerson: 'Kofi Asante',
  email: 'kofi@example.com',
  phone: '024 123 4567',
  businessAddress: 'Ring Road, Accra',
  serviceArea: 'Accra',
  servicesOffered: 'Leaks',
  years: '3',
  months: '4',
});
if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
const body = checked.body;

describe('a registration kept on the phone', () => {
  const form = registrationForm({ body, idempotencyKey: 'submission-1', ownerId: 'kofi' });

  it('goes to the registration endpoint with the submission key, for the applicant only, under the business name', () => {
    expect(form).toEqual({
      endpoint: '/api/service-providers',
      body,
      label: 'Business registration: Kofi Pipes',
      key: 'submission-1',
      ownerId: 'kofi',
    });
  });
  it('is stored as a form the outbox knows how to send, with the key as its id and the applicant as its owner', () => {
    // Registered as the page and the service worker do (pwa/outbox-kinds.ts): else never sent.
    expect(upgradeItem(toStored(formItem(form, form.key!, 7)))).toMatchObject({
      kind: 'unknown',
      storedKind: 'post-form',
    });
    registerProviderForm();
    const item = upgradeItem(toStored(formItem(form, form.key!, 7)));
    expect(item).toMatchObject({
      kind: 'post-form',
      id: 'submission-1',
      ownerId: 'kofi',
      endpoint: '/api/service-providers',
      body,
      label: 'Business registration: Kofi Pipes',
    });
  });
});
