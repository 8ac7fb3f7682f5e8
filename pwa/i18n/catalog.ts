import type { en } from './en.ts';
import type { enAccount } from './en-account.ts';
import type { enAdmin } from './en-admin.ts';
import type { enAuth } from './en-auth.ts';
import type { enErrors } from './en-errors.ts';
import type { enFilters } from './en-filters.ts';
import type { enHome } from './en-home.ts';
import type { enHost } from './en-host.ts';
import type { enLegal } from './en-legal.ts';
import type { enListing } from './en-listing.ts';
import type { enMenus } from './en-menus.ts';
import type { enMessages } from './en-messages.ts';
import type { enOutbox } from './en-outbox.ts';
import type { enSearch } from './en-search.ts';
import type { enServices } from './en-services.ts';
import type { enVideos } from './en-videos.ts';
import type { enAlerts } from './en-alerts.ts';
import type { enConversations } from './en-conversations.ts';
import type { enFreshness } from './en-freshness.ts';
import type { enReviews } from './en-reviews.ts';
import type { enAdminReviews } from './en-admin-reviews.ts';

/** A message's stable id: every key of the English catalog, whichever chunk carries it. */
export type MessageId =
  | keyof typeof en
  | keyof typeof enAccount
  | keyof typeof enAdmin
  | keyof typeof enAuth
  | keyof typeof enErrors
  | keyof typeof enFilters
  | keyof typeof enHome
  | keyof typeof enHost
  | keyof typeof enLegal
  | keyof typeof enListing
  | keyof typeof enMenus
  | keyof typeof enMessages
  | keyof typeof enOutbox
  | keyof typeof enSearch
  | keyof typeof enServices
  | keyof typeof enVideos
  | keyof typeof enAlerts
  | keyof typeof enConversations
  | keyof typeof enFreshness
  | keyof typeof enReviews
  | keyof typeof enAdminReviews;

/** Every language's catalog has every message (the type checker names a missing one). */
export type Catalog = Record<MessageId, string>;

/** A counted message: the catalog carries `<id>.one` and `<id>.other` (and may carry `.many`, `.zero`, ...). */
export type CountedId = MessageId extends infer K ? (K extends `${infer Base}.other` ? Base : never) : never;

export type Params = Record<string, string | number>;
