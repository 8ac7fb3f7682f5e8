import { registerFormEndpoints } from '../../offline/post-form.outbox.ts';

/** Saving a search alert may wait in the outbox, to be sent once back online (docs/decisions/370). */
export const SEARCH_ALERT_ENDPOINT = '/api/user/saved-searches';

export function registerSearchAlertForm() {
  registerFormEndpoints([SEARCH_ALERT_ENDPOINT]);
}
