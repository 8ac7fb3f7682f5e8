// npm run stress:offline: two phones of one host and an admin work on the built PWA and the
// real server for N minutes: edits through the edit form, hearts, new listings with photos
// through the wizard, messages in a renter's threads, approvals and hiding, while the phones go offline and online, onto a
// 2G-like link, are reloaded and closed mid-send, and the server is restarted once. Then every
// phone is brought online and drained, and the server's state is compared with what the person
// meant on each phone. A script, not a CI test.
//
//   npm run stress:offline                      (5 minutes, a seed from the clock)
//   npm run stress:offline -- --minutes 1 --seed 42
import type { Findings } from './checks.ts';
import { parseOptions, USAGE } from './options.ts';
import { failed, runChaos, type Report } from './run.ts';

const LISTED = 10;
const list = (title: string, lines: readonly string[]) => [
  `  ${title}: ${lines.length}`,
  ...lines.slice(0, LISTED).map((l) => `    - ${l}`),
  ...(lines.length > LISTED ? [`    … and ${lines.length - LISTED} more`] : []),
];

function summary(r: Report, seed: number): string {
  const counts = [...r.ledger.counts].sort(([a], [b]) => a.localeCompare(b)).map(([name, n]) => `    ${name}: ${n}`);
  const f: Findings | undefined = r.findings;
  const certain = (xs: { certain: boolean }[]) =>
    `${xs.length} (${xs.filter((x) => x.certain).length} confirmed on screen)`;
  const saves = r.ledger.commitments.filter((c) => c.via !== 'accepted');
  const written = r.ledger.messages.filter((m) => m.device !== 'renter');
  const byPhone = [...new Set(written.map((m) => m.device))]
    .sort()
    .map((d) => `${d} ${written.filter((m) => m.device === d).length}`)
    .join(', ');
  return [
    `stress:offline, seed ${seed}: ${r.chaosSeconds.toFixed(0)} s of chaos, ${r.seconds.toFixed(0)} s in all`,
    `  actions and chaos:`,
    ...counts,
    `  meant: field values saved ${certain(saves)}, hearts tapped ${certain(r.ledger.taps)}, listings submitted ${certain(r.ledger.submissions)}, messages sent from the phones ${certain(written)}${byPhone ? ` (${byPhone})` : ''}, admin decisions ${r.ledger.admin.length}`,
    ...r.leftovers.map((l) => `  ${l.device}: drained in ${(l.drainedInMs / 1000).toFixed(0)} s`),
    ...(f
      ? [
          `  checked: ${Object.entries(f.checked)
            .map(([k, n]) => `${k} ${n}`)
            .join(', ')}`,
          ...list('lost actions', f.lost),
          ...list('doubled creates', f.doubled),
          ...list('reverted fields', f.reverted),
          ...list('lost messages', f.lostMessages),
          ...list('doubled messages', f.doubledMessages),
          ...list('left unsent without a visible reason', f.unsentUnexplained),
          ...list('left unsent, shown with a reason (not counted)', f.unsentShown),
        ]
      : ['  no comparison made']),
    ...list('faults', r.faults),
    ...(r.kept ? [`  data kept in ${r.kept}`] : []),
  ].join('\n');
}

let options: ReturnType<typeof parseOptions>;
try {
  options = parseOptions(process.argv.slice(2));
} catch (error) {
  console.error(`${error instanceof Error ? error.message : error}\n\n${USAGE}`);
  process.exit(2);
}
const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
const report = await runChaos(options, log);
if (report.ledger.notes.length > 0)
  console.log(
    `\nnotes (${report.ledger.notes.length}):\n${report.ledger.notes
      .slice(-30)
      .map((n) => `  ${n}`)
      .join('\n')}`,
  );
console.log(`\n${summary(report, options.seed)}`);
console.log(failed(report) ? '\nFAILED' : '\nevery check passed');
process.exit(failed(report) ? 1 : 0);
