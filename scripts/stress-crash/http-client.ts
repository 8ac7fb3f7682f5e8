import { setTimeout as sleep } from 'node:timers/promises';

/** A final answer: what the caller is told and keeps. */
export type Answer = { status: number; body: unknown; replayed: boolean };

/** How one operation went on its way to a final answer. */
export type Attempts = {
  /** Requests sent, the final one included. */
  sent: number;
  connectionErrors: number;
  serverErrors: number;
  /** 409 request_in_progress and 429: "try again" answers. */
  tryAgain: number;
  ms: number;
  /** When the first connection error came (ms since the epoch): the kill, seen from here. */
  firstConnectionErrorAt?: number;
  /** The last 5xx body: a killed server answers nothing, so any 5xx is the server's own fault. */
  lastServerError?: string;
};

/** No final answer within the time allowed: the checks count it as a fault. */
export class StuckOperationError extends Error {}

/**
 * One signed-in person (or nobody) talking to the server: a cookie jar and
 * a base URL that survives the server's restarts (it comes back on the same port).
 */
export function createHttpClient(
  base: string,
  { giveUpAfterMs = 240_000, signal }: { giveUpAfterMs?: number; signal?: AbortSignal } = {},
) {
  const cookies = new Map<string, string>();

  function remember(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      cookies.set(name!.trim(), value.join('='));
    }
  }

  async function once(method: string, path: string, body: unknown, headers: Record<string, string>): Promise<Response> {
    const all: Record<string, string> = { ...headers };
    if (cookies.size > 0) all.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (body !== undefined) all['content-type'] = 'application/json';
    const res = await fetch(`${base}${path}`, {
      method,
      headers: all,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      // A request that the kill caught half-way may never be answered.
      signal: AbortSignal.timeout(15_000),
    });
    remember(res);
    return res;
  }

  /**
   * Sends the same request (same key, same body) until it gets a final
   * answer: any 2xx, or a 4xx other than 409 request_in_progress and 429.
   * Connection errors and 5xx are the server being down or starting: retried
   * after a short pause. Gives up (throws) only after `giveUpAfterMs`, which
   * the checks report as a stuck operation.
   */
  async function untilFinal(
    method: string,
    path: string,
    body: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ answer: Answer; attempts: Attempts }> {
    const started = Date.now();
    const attempts: Attempts = { sent: 0, connectionErrors: 0, serverErrors: 0, tryAgain: 0, ms: 0 };
    for (let pause = 50; ; pause = Math.min(pause * 2, 500)) {
      signal?.throwIfAborted();
      if (Date.now() - started > giveUpAfterMs) {
        throw new StuckOperationError(
          `${method} ${path} had no final answer after ${giveUpAfterMs} ms: ${JSON.stringify(attempts)}`,
        );
      }
      attempts.sent++;
      let res: Response;
      let text: string;
      try {
        res = await once(method, path, body, headers);
        text = await res.text();
      } catch {
        attempts.connectionErrors++;
        attempts.firstConnectionErrorAt ??= Date.now();
        await sleep(pause);
        continue;
      }
      const parsed = parseJson(text);
      const code = (parsed as { code?: unknown } | undefined)?.code;
      if (res.status >= 500) {
        attempts.serverErrors++;
        attempts.lastServerError = `${res.status} ${text.slice(0, 300)}`;
        await sleep(pause);
        continue;
      }
      if (res.status === 429 || (res.status === 409 && code === 'request_in_progress')) {
        attempts.tryAgain++;
        const retryAfter = Number(res.headers.get('retry-after') ?? '1');
        await sleep(Math.max(100, Math.min(retryAfter, 5) * 1000));
        continue;
      }
      attempts.ms = Date.now() - started;
      return {
        answer: { status: res.status, body: parsed, replayed: res.headers.get('idempotent-replayed') === 'true' },
        attempts,
      };
    }
  }

  /** A read, retried like a write until the server answers: the final answer as it is (a 404 too). */
  async function read(path: string): Promise<Answer> {
    const { answer, attempts } = await untilFinal('GET', path, undefined);
    if (attempts.lastServerError) throw new Error(`GET ${path} met a ${attempts.lastServerError}`);
    return answer;
  }

  /** A read that must succeed: anything but 200 is an error. */
  async function get(path: string): Promise<Answer> {
    const { answer, attempts } = await untilFinal('GET', path, undefined);
    if (answer.status !== 200 || attempts.lastServerError) {
      throw new Error(
        `GET ${path} answered ${answer.status} ${JSON.stringify(answer.body)}${attempts.lastServerError ? ` after a ${attempts.lastServerError}` : ''}`,
      );
    }
    return answer;
  }

  return { base, cookies, untilFinal, read, get };
}

export type HttpClient = ReturnType<typeof createHttpClient>;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
