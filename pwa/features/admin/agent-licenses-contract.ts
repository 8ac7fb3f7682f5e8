// The Agents tab's door to the licence contract, apart from lib/contract.ts: everything under
// pwa/lib joins the first-load bundle with what it imports, and only the admin panel needs these.

export {
  ADMIN_LICENSES_PAGE_SIZE,
  RejectLicenseSchema,
  type AgentLicenseEntry,
  type AgentLicensePage,
} from '../../../api/contract/agent-licenses.schema.ts';
