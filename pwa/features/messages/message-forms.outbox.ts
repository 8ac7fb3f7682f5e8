import { registerFormEndpoints } from '../../offline/post-form.outbox.ts';

/** The messages to the Efie team that may wait in the outbox, to be sent once back online. */
export const MESSAGE_FORM_ENDPOINTS = ['/api/support/message', '/api/contact/message'] as const;
export type MessageEndpoint = (typeof MESSAGE_FORM_ENDPOINTS)[number];

export function registerMessageForms() {
  registerFormEndpoints(MESSAGE_FORM_ENDPOINTS);
}
