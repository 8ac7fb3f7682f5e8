// Efie's social profiles, in the spec's order: the footer and /contact list the same ones.
export const SOCIAL_LINKS = [
  { label: 'Instagram', href: 'https://www.instagram.com/' },
  { label: 'Facebook', href: 'https://www.facebook.com/' },
  { label: 'X', href: 'https://x.com/' },
  { label: 'Snapchat', href: 'https://www.snapchat.com/' },
  { label: 'TikTok', href: 'https://www.tiktok.com/' },
  { label: 'LinkedIn', href: 'https://www.linkedin.com/' },
  { label: 'YouTube', href: 'https://www.youtube.com/' },
] as const;
