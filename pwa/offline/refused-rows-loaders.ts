// Features whose refused items have a row of their own (outbox-rows.tsx) name here how to load it:
// the rows are drawn only in the outbox list, which loads when opened, so their code is not part of
// a first visit (the 150 KB budget). The page registers loaders at start (main.tsx).

const loaders: (() => Promise<void>)[] = [];
let loaded: Promise<void> | undefined;

export function addRefusedRowsLoader(load: () => Promise<void>): void {
  loaders.push(load);
}

/** Runs every loader once; the outbox list waits for it before it draws a row. */
export function loadRefusedRows(): Promise<void> {
  loaded ??= Promise.all(loaders.map((load) => load())).then(() => undefined);
  return loaded;
}
