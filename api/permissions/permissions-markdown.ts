import { PERMISSIONS, ROLE_LABELS, ROLES, type Outcome } from './permission-table.ts';

/** Where `npm run docs:permissions` writes the table, from the repository's root. */
export const PERMISSIONS_DOC = 'docs/permissions.md';

const cell = (outcome: Outcome) => (outcome === 'allowed' ? '✓' : String(outcome));
const row = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;

/** docs/permissions.md as the permission table says it now. */
export function permissionsMarkdown(): string {
  const header = ['Route', 'What it does', ...ROLES.map((role) => ROLE_LABELS[role])];
  const rows = Object.entries(PERMISSIONS).map(([route, permission]) =>
    row([
      `\`${route}\``,
      permission.description.replaceAll('|', '\\|'),
      ...ROLES.map((role) => cell(permission[role])),
    ]),
  );
  return `${[
    '# Who may call which API route',
    '',
    'Written by `npm run docs:permissions` from `api/permissions/permission-table.ts`: do not edit it by hand.',
    '`api/permissions/permission-walk.test.ts` calls every route of the API as each of these five callers',
    'and fails on any answer that differs from this table, or on a route the table does not have.',
    '',
    '- **anonymous**: not signed in.',
    '- **renter**: a signed-in renter.',
    '- **owner**: the host who owns the resource the path names (the listing, the upload, the video,',
    '  the application); where a route names none, a signed-in host.',
    '- **other owner**: a signed-in host who does not own it.',
    '- **admin**: a signed-in admin who does not own it either.',
    '',
    'The accounts are verified. The listing the paths name is live (approved, shown and featured); a',
    'listing that is not live is hidden (404) from everyone but its owner and admins.',
    '',
    '✓: allowed, the call passes every permission check (its answer may still refuse the input, 400, or',
    'the state, 409). **401**: not signed in. **403**: signed in but not allowed. **404**: the resource',
    'does not exist for this caller: the server does not say that it exists.',
    '',
    row(header),
    row(header.map((_, i) => (i < 2 ? '---' : ':---:'))),
    ...rows,
  ].join('\n')}\n`;
}
