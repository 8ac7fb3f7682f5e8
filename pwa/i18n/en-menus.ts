import { addEnglish } from './i18n.ts';

// English messages of the menus screens, in their own chunk: imported by the screens that use them (ADR 360).
export const enMenus = addEnglish({
  'nav.apartments': 'Apartments',
  'nav.houses': 'Houses',
  'nav.listProperty': 'List Your Property',
  'nav.services': 'Home Maintenance Services',
  'nav.studentHostels': 'Student Hostels',
  'shell.accountSettings': 'Account Settings',
  'shell.adminPanel': 'Admin Panel',
  'shell.closeMenu': 'Close menu',
  'shell.dashboard': 'Dashboard',
  'shell.languageSoon': '(coming soon)',
  'shell.listProperty': 'List Property',
  'shell.menu': 'Menu',
  'shell.mobileNav': 'Mobile',
  'shell.savedProperties': 'Saved Properties',
  'shell.signOut': 'Sign Out',
  'shell.signOutConfirm': 'Sign out',
  'shell.signOutTitle': 'Sign out with changes not sent?',
  'shell.siteNavigation': 'Site navigation',
  'shell.unsent.one': 'You have {count} unsent change. It stays on this phone and is sent when you sign in again.',
  'shell.unsent.other': 'You have {count} unsent changes. They stay on this phone and are sent when you sign in again.',
});
