export type NavItem = {
  label: string;
  to: '/search' | '/services' | '/list-property';
  search?: Record<string, string>;
  signedInOnly?: boolean;
};

export const NAV_ITEMS: NavItem[] = [
  { label: 'Apartments', to: '/search', search: { propertyType: 'apartment' } },
  { label: 'Houses', to: '/search', search: { propertyType: 'house' } },
  { label: 'Student Hostels', to: '/search', search: { category: 'student' } },
  { label: 'Home Maintenance Services', to: '/services' },
  { label: 'List Your Property', to: '/list-property', signedInOnly: true },
];

/** Active when the path matches, or when both are search pages. */
export const isActive = (item: NavItem, pathname: string) => item.to === pathname;

export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'es', label: 'Español' },
  { code: 'fr', label: 'Français' },
  { code: 'de', label: 'Deutsch' },
  { code: 'zh', label: '中文' },
];
