// This feature's door to the service providers' schemas and limits, apart from lib/contract.ts:
// everything under pwa/lib joins the first-load bundle with what it imports (vite.config.ts),
// and only the /services screens need these.

export {
  DIRECTORY_PAGE_SIZE,
  MAX_MONTHS_EXPERIENCE,
  MAX_YEARS_EXPERIENCE,
  PROVIDER_TEXT_LIMITS,
  RegisterProviderSchema,
  yearsFromForm,
} from '../../../api/contract/service-providers.schema.ts';
