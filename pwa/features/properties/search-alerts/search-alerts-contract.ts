// The search alerts' door to the saved-searches contract, apart from lib/contract.ts (which joins
// the first-load bundle): only the search screen's button and the dashboard's list load these.

export type {
  PushKeyAnswer,
  SavedSearch,
  SavedSearchesAnswer,
  SavedSearchFilters,
} from '../../../../api/contract/saved-searches.schema.ts';
export { SAVED_SEARCH_FIELDS } from '../../../../api/contract/saved-searches.schema.ts';
