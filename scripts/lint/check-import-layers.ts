import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { layerViolations } from './import-layers.ts';

// `npm run lint`'s second half: every tracked TypeScript file's imports against the layer rules.
const root = fileURLToPath(new URL('../../', import.meta.url));
const paths = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.ts', '*.tsx'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((path) => path !== '' && !path.endsWith('routeTree.gen.ts'));
const violations = layerViolations(root, paths);
for (const v of violations) console.error(`${v.from} imports ${v.to}: ${v.rule} (${v.why})`);
console.log(`import layers: ${paths.length} files, ${violations.length} crossing${violations.length === 1 ? '' : 's'}`);
process.exitCode = violations.length === 0 ? 0 : 1;
