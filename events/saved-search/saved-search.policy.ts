// Saved searches and their alerts (issue 33, docs/decisions/370): shared by the events, the
// contract and the PWA.

/** At most one alert a day per saved search. */
export const ALERT_INTERVAL_HOURS = 24;
/** How many saved searches one person may keep: enough for every town they look in. */
export const MAX_SAVED_SEARCHES = 20;
export const SAVED_SEARCH_NAME_MAX = 80;

/** The search fields a saved search keeps: the filters, not the page, the order or the page size. */
export const SAVED_SEARCH_FIELDS = [
  'location',
  'propertyType',
  'category',
  'listingType',
  'minPrice',
  'maxPrice',
  'timePeriod',
  'bedrooms',
  'maxAdvanceRent',
  'amenities',
] as const;
export type SavedSearchField = (typeof SAVED_SEARCH_FIELDS)[number];
/** A saved search's filters as the search page's address has them: strings, as typed. */
export type SavedSearchFilters = Partial<Record<SavedSearchField, string>>;
