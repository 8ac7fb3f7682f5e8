import { registerConversationMessageOutbox } from './features/conversations/conversation-message.outbox.ts';
import { registerListingOutbox } from './features/listings/listing-outbox.ts';
import { registerMessageForms } from './features/messages/message-forms.outbox.ts';
import { registerFavoriteOutbox } from './features/properties/favorite.outbox.ts';
import { registerSearchAlertForm } from './features/properties/search-alert.outbox.ts';
import { registerProviderForm } from './features/services/provider-form.outbox.ts';

/**
 * Every feature's queued actions, registered with the outbox engine (pwa/offline/outbox-registry.ts)
 * before anything reads the outbox: in the page (main.tsx) and in the service worker (sw.ts),
 * which sends them on `sync`. A feature with a new kind adds its registration here.
 */
export function registerOutboxKinds() {
  registerFavoriteOutbox();
  registerConversationMessageOutbox();
  registerListingOutbox();
  registerMessageForms();
  registerProviderForm();
  registerSearchAlertForm();
}
