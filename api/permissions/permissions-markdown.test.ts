import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from './permission-table.ts';
import { PERMISSIONS_DOC, permissionsMarkdown } from './permissions-markdown.ts';

describe('docs/permissions.md', () => {
  it('is what `npm run docs:permissions` writes from the permission table now', async () => {
    const written = await readFile(new URL(`../../${PERMISSIONS_DOC}`, import.meta.url), 'utf8');
    expect(written, 'docs/permissions.md is stale: run `npm run docs:permissions`').toBe(permissionsMarkdown());
  });

  it('has a row for every route of the table, with a mark for each of the five roles', () => {
    const rows = permissionsMarkdown()
      .split('\n')
      .filter((line) => line.startsWith('| `'));
    expect(rows).toHaveLength(Object.keys(PERMISSIONS).length);
    expect(rows[0]).toBe(
      '| `GET /api/health` | Health of the server and its database, for load balancers | ✓ | ✓ | ✓ | ✓ | ✓ |',
    );
    expect(rows.find((line) => line.startsWith('| `PUT /api/properties/:id`'))).toMatch(
      /\| 401 \| 403 \| ✓ \| 403 \| 403 \|$/,
    );
  });
});
