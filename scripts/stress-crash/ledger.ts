import type { Answer, Attempts } from './http-client.ts';

export type OpKind = 'create' | 'edit' | 'approve' | 'favorite-add' | 'favorite-remove';

/** One write that got a final answer: what was asked, with which key, and what the server said. */
export type Acknowledged = {
  kind: OpKind;
  /** The signed-in account that sent it (owner, renter or admin). */
  actorId: string;
  key: string;
  method: string;
  path: string;
  body: unknown;
  /** The listing it is about (for a create, the id the answer gave). */
  propertyId: string | undefined;
  answer: Answer;
  attempts: Attempts;
  /** Order of acknowledgement within the actor (each actor works sequentially). */
  seq: number;
};

/** Every acknowledged write of a run, and what went wrong on the way (stuck operations, odd answers). */
export function createLedger() {
  const acknowledged: Acknowledged[] = [];
  const unexpected: string[] = [];
  const seqOf = new Map<string, number>();
  return {
    acknowledged,
    unexpected,
    record(entry: Omit<Acknowledged, 'seq'>): Acknowledged {
      const seq = (seqOf.get(entry.actorId) ?? 0) + 1;
      seqOf.set(entry.actorId, seq);
      const full = { ...entry, seq };
      acknowledged.push(full);
      return full;
    },
    /** A final answer the operation should never get, or an operation that never got one. */
    fault(line: string) {
      unexpected.push(line);
    },
  };
}

export type Ledger = ReturnType<typeof createLedger>;

/** "create 201", "edit 409 version_conflict": the outcome of each acknowledged write, counted. */
export function outcomes(ledger: Ledger): Map<string, number> {
  const counts = new Map<string, number>();
  for (const a of ledger.acknowledged) {
    const code = (a.answer.body as { code?: string } | undefined)?.code;
    const label = `${a.kind} ${a.answer.status}${code ? ` ${code}` : ''}`;
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  return new Map([...counts].sort(([a], [b]) => a.localeCompare(b)));
}

/** How many acknowledged writes needed more than one request, and how they were delayed. */
export function retryFigures(ledger: Ledger) {
  let retried = 0;
  let replayed = 0;
  let connectionErrors = 0;
  let serverErrors = 0;
  let tryAgain = 0;
  let slowestMs = 0;
  for (const { attempts, answer } of ledger.acknowledged) {
    if (attempts.sent > 1) retried++;
    if (answer.replayed) replayed++;
    connectionErrors += attempts.connectionErrors;
    serverErrors += attempts.serverErrors;
    tryAgain += attempts.tryAgain;
    slowestMs = Math.max(slowestMs, attempts.ms);
  }
  return { retried, replayed, connectionErrors, serverErrors, tryAgain, slowestMs };
}
