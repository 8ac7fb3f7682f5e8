import { registerFormEndpoints } from '../../offline/post-form.outbox.ts';

/** A provider's registration may wait in the outbox, to be sent once back online. */
export const PROVIDER_FORM_ENDPOINT = '/api/service-providers';

export function registerProviderForm() {
  registerFormEndpoints([PROVIDER_FORM_ENDPOINT]);
}
