// This feature's door to what a message may be, apart from lib/contract.ts: everything under
// pwa/lib joins the first-load bundle with what it imports, and only the conversations need these.

export { MESSAGE_TEXT_MAX, MESSAGE_TEXT_REQUIRED } from '../../../api/contract/conversations.schema.ts';
