import { addEnglish } from './i18n.ts';

// English messages of the filters screens, in their own chunk: imported by the screens that use them (ADR 360).
export const enFilters = addEnglish({
  'filters.advanceRent': 'At most {months} months rent up front',
  'filters.advanceRentHint':
    "The most Ghana's Rent Act allows a landlord to ask. Listings that do not say are not shown.",
  'filters.amenities': 'Amenities',
  'filters.any': 'Any',
  'filters.anyCategory': 'Any category',
  'filters.anyType': 'Any type',
  'filters.bedrooms': 'Bedrooms',
  'filters.category': 'Category',
  'filters.forRent': 'For rent',
  'filters.forSale': 'For sale',
  'filters.guests': 'Guests',
  'filters.listingType': 'Listing type',
  'filters.maxPrice': 'Max price',
  'filters.minPrice': 'Min price',
  'filters.monthly': 'Monthly',
  'filters.pricePeriod': 'Price period',
  'filters.propertyType': 'Property type',
  'filters.weekly': 'Weekly',
  'filters.yearly': 'Yearly',
});
