import { agentLicensesProjection } from './agent-license/agent-licenses.projection.ts';
import { listingReportsProjection } from './listing-report/listing-reports.projection.ts';
import { listingContactsProjection } from './listing-contact/listing-contacts.projection.ts';
import { savedSearchesProjection } from './saved-search/saved-searches.projection.ts';
import { conversationsProjection } from './conversation/conversations.projection.ts';
import { reviewsProjection } from './review/reviews.projection.ts';
import { favoritesProjection } from './favorites/favorites.projection.ts';
import { propertiesProjection } from './listing/properties.projection.ts';
import { serviceProvidersProjection } from './service-provider/service-providers.projection.ts';
import type { Projection } from './store/projections.ts';
import { supportMessagesProjection } from './support-message/support-messages.projection.ts';
import { userCredentialsProjection } from './user/user-credentials.projection.ts';
import { usersProjection } from './user/users.projection.ts';
import { videosProjection } from './video/videos.projection.ts';

/**
 * Every read model the API reads, each with the one projection that writes it.
 * Register a new read model here and `npm run projections:rebuild` rebuilds it.
 */
export const readModels: readonly Projection[] = [
  usersProjection,
  userCredentialsProjection,
  propertiesProjection,
  favoritesProjection,
  serviceProvidersProjection,
  supportMessagesProjection,
  videosProjection,
  agentLicensesProjection,
  listingReportsProjection,
  listingContactsProjection,
  savedSearchesProjection,
  conversationsProjection,
  reviewsProjection,
];
