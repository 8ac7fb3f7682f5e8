// Efie's addresses, shown on /support and /contact.

export const SUPPORT_ADDRESS = 'support@efie.app';
export const INFO_ADDRESS = 'info@efie.app';

export const ALL_ADDRESSES = [
  { label: 'General inquiries', address: 'info@efie.app' },
  { label: 'Customer support', address: 'support@efie.app' },
  { label: 'Landlord services', address: 'landlords@efie.app' },
  { label: 'Technical issues', address: 'tech@efie.app' },
  { label: 'Legal/privacy', address: 'legal@efie.app' },
] as const;
