// This feature's door to the support and contact forms' rules and limits, apart from
// lib/contract.ts: everything under pwa/lib joins the first-load bundle with what it
// imports (vite.config.ts), and only /support and /contact need these.

export {
  CONTACT_REQUIRED,
  CONTACT_USER_TYPES,
  EMAIL_REQUIRED,
  MESSAGE_LIMITS,
  PHONE_REQUIRED,
  SUPPORT_CATEGORIES,
  SUPPORT_REQUIRED,
} from '../../../api/contract/messages.schema.ts';
