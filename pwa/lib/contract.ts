// The one door from the PWA to the API: the shapes and schemas of api/contract/.
// Screens and forms import from here, so a contract change shows up in one place.

import type { InferOutput } from 'valibot';
import type { ListingVideosResponseSchema } from '../../api/contract/videos.schema.ts';

export { SESSION_HINT_COOKIE, SESSION_HINT_VALUE } from '../../api/contract/session-hint.ts';
export { FIRST_PAINT_STATE_ID } from '../../api/contract/first-paint.ts';

export type {
  RegisterAnswer,
  LoginAnswer,
  ProfileUpdateAnswer,
  MessageAnswer,
  User,
  UserType,
  VerificationMethod,
} from '../../api/contract/auth.schema.ts';
export type { AgentLicenseLabel } from '../../api/contract/agent-licenses.schema.ts';
export type { ContactAnswer, ListingContactCounts } from '../../api/contract/contacts.schema.ts';
export {
  AdminChangePasswordSchema,
  ChangePasswordSchema,
  CodeSchema,
  ForgotPasswordSchema,
  LoginSchema,
  ProfileUpdateSchema,
  RegisterSchema,
  ResetPasswordSchema,
  REGISTER_USER_TYPES,
  type LoginBody,
  type ProfileUpdateBody,
  type RegisterBody,
} from '../../api/contract/auth.schema.ts';
export type {
  AdminOutboxAnswer,
  DeliveryFailure,
  DeliverySetup,
  FailedMessage,
  SmsBudgetStatus,
} from '../../api/contract/outbox.schema.ts';
export { ErrorBodySchema, NOT_SIGNED_IN, SERVER_ERROR, type ErrorBody } from '../../api/contract/error.schema.ts';
export type {
  Property,
  PropertyPage,
  SearchPage,
  UploadImagesAnswer,
  CreatePropertyInput,
  UpdatePropertyInput,
  Amenity,
} from '../../api/contract/properties.schema.ts';
export {
  AMENITIES as AMENITY_IDS,
  CATEGORIES,
  CreatePropertySchema,
  CURRENCIES,
  PRICING_PERIODS,
  IMAGE_MIME_TYPES,
  IMAGE_URL_PATTERN,
  IMAGE_WIDTHS,
  imageRenditionUrl,
  type ImageFormat,
  LISTING_TYPES,
  MAX_IMAGE_BYTES,
  PRICE_MESSAGE,
  PROPERTY_TYPES,
  REQUIRED_MESSAGE,
  DIGITAL_ADDRESS_MESSAGE,
  ADVANCE_RENT_MESSAGE,
  exceedsRentActAdvance,
  MAX_ADVANCE_RENT_FILTER,
  RENT_ACT_ADVANCE_LIMIT_MONTHS,
  SEARCH_PAGE_SIZE,
  smallImageUrl,
  UpdatePropertySchema,
} from '../../api/contract/properties.schema.ts';
export {
  COUNTRIES,
  GHANA_REGIONS,
  LOCATIONS,
  citiesOf,
  defaultCurrencyOf,
  legacyRegionOf,
} from '../../api/contract/places.ts';
export { PROVIDER_CATEGORIES, type ProviderCategory } from '../../api/contract/service-provider-categories.ts';
export type {
  ProviderCounts,
  ProviderPage,
  ProviderStatus,
  ProviderStatusAnswer,
  RegisterProviderInput,
  ServiceProvider,
} from '../../api/contract/service-providers.schema.ts';
// The service providers' schemas and limits: pwa/features/services/provider-contract.ts (kept
// out of the first-load bundle, which takes in everything this file re-exports).
export type {
  ContactMessageBody,
  MessageReceipt,
  MessageStatus,
  SupportMessageBody,
  TeamMessage,
  TeamMessagePage,
} from '../../api/contract/messages.schema.ts';
// The support and contact forms' rules: pwa/features/messages/messages-contract.ts (kept out of
// the first-load bundle, like the service providers').
// Video types only (nothing of videos.schema.ts reaches the first-load bundle through here); the
// screens that need its values go through pwa/features/videos/videos-contract.ts.
export type ListingVideosAnswer = InferOutput<typeof ListingVideosResponseSchema>;
export type {
  BlockedState,
  ConversationMessage,
  ConversationSummary,
  ConversationThread,
  Inbox,
  MessageSent,
  UnreadCount,
} from '../../api/contract/conversations.schema.ts';
// What a message may be: pwa/features/conversations/conversations-contract.ts (out of the first load).
