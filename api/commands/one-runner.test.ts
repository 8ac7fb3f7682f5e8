import { fileURLToPath } from 'node:url';
import { SyntaxKind } from 'typescript/unstable/ast';
import { API, SymbolFlags, type Symbol as TsSymbol } from 'typescript/unstable/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// "No command is run by anything but the one runner" (docs/decisions/210), checked on the source
// tree by the type checker: every mention of the event store's append or appendIn, or of
// handleCommand or handleCommandIn, is resolved to what it names (so `deps.store.append`,
// an aliased import or FormData's own `append` are each told apart), and only the runner may
// name them. Tests may: they lay down the given events of a scenario, which is no command.

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** What running a command by hand would use: the store's appends and the runner's core. */
const GUARDED: Readonly<Record<string, string>> = {
  append: 'events/store/event-store.ts',
  appendIn: 'events/store/event-store.ts',
  handleCommand: 'events/store/command-handler.ts',
  handleCommandIn: 'events/store/command-handler.ts',
};

/** Where they may be named outside tests, and why. */
const ALLOWED: readonly { path: RegExp; why: string }[] = [
  {
    path: /^events\/store\/(event-store|command-handler)\.ts$/,
    why: 'the event store and the runner’s core, where they are declared',
  },
  { path: /^api\/commands\/run-command\.ts$/, why: 'the one runner' },
  { path: /^(bench|scripts\/stress)\//, why: 'they measure the event store itself with events no decider made' },
];

/**
 * Named exceptions, each at an exact count so a new call beside one still fails: the seed's
 * bulk import (more than 1,000 listings) appends ready-made events for the benchmark set in
 * batches, without deciders or inline projections, and rebuilds the read models afterwards.
 */
const EXCEPTIONS: Readonly<Record<string, number>> = { 'scripts/seed/seed.ts': 1 };

/** Whether the symbol (through an import's alias) is one of GUARDED where it is declared. */
function names(symbol: TsSymbol, aliased: (s: TsSymbol) => TsSymbol): boolean {
  const target = symbol.flags & SymbolFlags.Alias ? aliased(symbol) : symbol;
  const home = GUARDED[target.name];
  return home !== undefined && target.declarations.some((d) => d.path === `${ROOT}${home}`);
}

/** `const { append } = store`: a local taken out of an object under a guarded name counts as naming it. */
const destructured = (symbol: TsSymbol) =>
  (symbol.flags & SymbolFlags.Variable) !== 0 &&
  symbol.name in GUARDED &&
  symbol.valueDeclaration?.kind === SyntaxKind.BindingElement;

const isTest = (path: string) => /\.test\.tsx?$/.test(path) || path.startsWith('testing/');

let api: API | undefined;
const mentions: { path: string; line: number; name: string }[] = [];

beforeAll(() => {
  api = new API({ cwd: ROOT });
  const project = api.updateSnapshot({ openProjects: [`${ROOT}tsconfig.json`] }).getProjects()[0];
  if (!project) throw new Error('tsconfig.json did not load');
  const { program, checker } = project;
  const words = new RegExp(`\\b(${Object.keys(GUARDED).join('|')})\\b`, 'g');
  for (const file of program.getSourceFileNames()) {
    if (!file.startsWith(ROOT) || file.includes('/node_modules/')) continue;
    const path = file.slice(ROOT.length);
    const text = program.getSourceFile(file)?.text ?? '';
    const found = [...text.matchAll(words)];
    if (found.length === 0) continue;
    const symbols = checker.getSymbolAtPosition(
      file,
      found.map((m) => m.index),
    );
    found.forEach((match, i) => {
      const named = symbols[i];
      if (!named || !(names(named, checker.getAliasedSymbol.bind(checker)) || destructured(named))) return;
      mentions.push({ path, line: text.slice(0, match.index).split('\n').length, name: named.name });
    });
  }
}, 120_000);

afterAll(() => api?.close());

describe('one command runner', () => {
  it('is the only code outside tests that appends to the event store or runs handleCommand', () => {
    const outside = mentions.filter((m) => !isTest(m.path) && !ALLOWED.some((a) => a.path.test(m.path)));
    const counts = new Map<string, number>();
    for (const m of outside) counts.set(m.path, (counts.get(m.path) ?? 0) + 1);
    const violations = outside
      .filter((m) => counts.get(m.path) !== EXCEPTIONS[m.path])
      .map((m) => `${m.path}:${m.line} names ${m.name}`);
    expect(violations).toEqual([]);
    // The named exceptions are still there, at their counts: an exception nobody needs goes from the list.
    expect(Object.fromEntries([...counts].filter(([path]) => path in EXCEPTIONS))).toEqual(EXCEPTIONS);
  });

  it('finds what it looks for: the runner’s own calls and the store’s own appends', () => {
    const names = (path: string) => [...new Set(mentions.filter((m) => m.path === path).map((m) => m.name))].sort();
    expect(names('api/commands/run-command.ts')).toEqual(['handleCommand', 'handleCommandIn']);
    expect(names('events/store/command-handler.ts')).toEqual([
      'append',
      'appendIn',
      'handleCommand',
      'handleCommandIn',
    ]);
  });
});
