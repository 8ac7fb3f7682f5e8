// The web app manifest (vite-plugin-pwa writes it as manifest.webmanifest and links it).
// Icons and screenshots are made by scripts/make-pwa-icons.ts.
export const pwaManifest = {
  id: '/',
  name: 'Efie – a home away from home',
  short_name: 'Efie',
  description:
    'Find apartments, houses, student hostels and rooms to rent in Ghana and beyond, even with a weak connection.',
  start_url: '/',
  scope: '/',
  display: 'standalone' as const,
  orientation: 'portrait' as const,
  theme_color: '#0f766e',
  background_color: '#fafaf9',
  lang: 'en',
  categories: ['lifestyle', 'travel'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  screenshots: [
    {
      src: '/icons/screenshot-narrow.png',
      sizes: '540x960',
      type: 'image/png',
      form_factor: 'narrow' as const,
      label: 'Listings on a phone',
    },
    {
      src: '/icons/screenshot-wide.png',
      sizes: '1280x720',
      type: 'image/png',
      form_factor: 'wide' as const,
      label: 'Listings on a desktop',
    },
  ],
};
