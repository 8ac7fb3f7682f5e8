// The categories and statuses alone, without the schemas: the PWA's router needs the
// categories for /services' search params on first load, and a bundler keeps a whole
// module where any of it is used (the schemas then stay out of the first-load bundle).

/** Spec part 2 §3, in the order the screens show them. */
export const PROVIDER_CATEGORIES = ['contractor', 'plumber', 'electrician', 'painter', 'gardener'] as const;
export type ProviderCategory = (typeof PROVIDER_CATEGORIES)[number];
export const PROVIDER_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ProviderStatus = (typeof PROVIDER_STATUSES)[number];
