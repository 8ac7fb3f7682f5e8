import { addEnglish } from './i18n.ts';

// English messages of the home screens, in their own chunk: imported by the screens that use them (ADR 360).
export const enHome = addEnglish({
  'home.badgeAvailable': 'Available',
  'home.badgeFeatured': 'Featured',
  'home.beFirst': 'Be the first to list a home on Efie.',
  'home.empty': 'No properties listed yet',
  'home.failed': 'Properties could not be loaded. Please try again later.',
  'home.featured': 'Featured Properties',
  'home.findProperty': 'Find a Property',
  'home.goDashboard': 'Go to Dashboard',
  'home.intro': 'Apartments, houses, studios and student hostels from 500+ landlords across Ghana and beyond.',
  'home.listNow': 'List Your Property Now',
  'home.listYourProperty': 'List Your Property',
  'home.loading': 'Loading properties',
  'home.title': 'Find your home away from home',
  'home.userIntro': 'Pick up where you left off: search homes, check your saved places or list your own.',
  'home.viewAll': 'View All Properties',
  'home.welcomeBack': 'Welcome back!',
  'home.welcomeBackName': 'Welcome back, {name}!',
  'quickSearch.label': 'Where do you want to live?',
  'quickSearch.placeholder': 'City, area or country (e.g. Accra)',
});
