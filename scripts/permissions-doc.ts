import { writeFile } from 'node:fs/promises';
import { PERMISSIONS_DOC, permissionsMarkdown } from '../api/permissions/permissions-markdown.ts';

// `npm run docs:permissions`: writes docs/permissions.md from api/permissions/permission-table.ts.
// api/permissions/permissions-markdown.test.ts fails when the file is not what this writes.
await writeFile(new URL(`../${PERMISSIONS_DOC}`, import.meta.url), permissionsMarkdown());
console.log(`wrote ${PERMISSIONS_DOC}`);
