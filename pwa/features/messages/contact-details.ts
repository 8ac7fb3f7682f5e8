// Efie's addresses and profiles, shown on /support and /contact.

export const SUPPORT_ADDRESS = 'support@efie.app'
export const INFO_ADDRESS = 'info@efie.app'

export const ALL_ADDRESSES = [
  { label: 'General inquiries', address: 'info@efie.app' },
  { label: 'Customer support', address: 'support@efie.app' },
  { label: 'Landlord services', address: 'landlords@efie.app' },
  { label: 'Technical issues', address: 'tech@efie.app' },
  { label: 'Legal/privacy', address: 'legal@efie.app' },
] as const

export const SOCIAL_LINKS = [
  { label: 'Instagram', href: 'https://www.instagram.com/' },
  { label: 'Facebook', href: 'https://www.facebook.com/' },
  { label: 'X', href: 'https://x.com/' },
  { label: 'Snapchat', href: 'https://www.snapchat.com/' },
  { label: 'TikTok', href: 'https://www.tiktok.com/' },
  { label: 'LinkedIn', href: 'https://www.linkedin.com/' },
  { label: 'YouTube', href: 'https://www.youtube.com/' },
] as const
