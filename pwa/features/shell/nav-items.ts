import type { MessageId } from '../../i18n/catalog.ts';

export type NavItem = {
  /** The item's message id. */
  label: MessageId;
  to: '/search' | '/services' | '/list-property';
  search?: Record<string, string>;
  signedInOnly?: boolean;
};

export const NAV_ITEMS: NavItem[] = [
  { label: 'nav.apartments', to: '/search', search: { propertyType: 'apartment' } },
  { label: 'nav.houses', to: '/search', search: { propertyType: 'house' } },
  { label: 'nav.studentHostels', to: '/search', search: { category: 'student' } },
  { label: 'nav.services', to: '/services' },
  { label: 'nav.listProperty', to: '/list-property', signedInOnly: true },
];

/** Active when the path matches, or when both are search pages. */
export const isActive = (item: NavItem, pathname: string) => item.to === pathname;

export { LANGUAGES } from '../../i18n/languages.ts';
