import { pino, stdTimeFunctions, type Logger as Pino } from 'pino';

/** JSON lines on stdout; every line of a request carries its request id. */
export type Logger = {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
};

/**
 * A line reads `{"level":"info","time":"2026-…Z",…base,…fields,"message":"…"}`. pino writes it;
 * to stdout through its asynchronous destination (issue 32: a synchronous write per request was
 * 9% of a no-database route's time), which writes the lines gathered while its last write was
 * under way, and what is left when the process exits. Holding lines back for 4 KB writes
 * (sonic-boom's minLength) saved nothing measurable (a JSON 404: 32.9 against 34.1 µs of CPU,
 * medians of five alternating rounds): the line's cost is its making, not its writing.
 * A `write` given (tests) gets each line at once, without its newline.
 */
export function createLogger(base: Record<string, unknown> = {}, write?: (line: string) => void): Logger {
  const destination = write
    ? { write: (line: string) => write(line.trimEnd()) }
    : pino.destination({ dest: 1, sync: false });
  const root = pino(
    {
      base,
      messageKey: 'message',
      timestamp: stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
  return linesOf(root, undefined);
}

/**
 * A child's fields go into each of its lines, written by the one root logger: a request's child
 * writes one line or none, so a pino child (which serialises its fields once, for many lines)
 * cost more than it saved (issue 32). A field of the line overrides a child's field of that name.
 */
function linesOf(root: Pino, bound: Record<string, unknown> | undefined): Logger {
  // Object.assign, not spread: a spread of two objects was three times the cost of pino's whole line.
  const fieldsOf = (fields: Record<string, unknown> | undefined) => (bound ? Object.assign({}, bound, fields) : fields);
  return {
    info: (message, fields) => root.info(fieldsOf(fields) ?? {}, message),
    warn: (message, fields) => root.warn(fieldsOf(fields) ?? {}, message),
    error: (message, fields) => root.error(fieldsOf(fields) ?? {}, message),
    child: (fields) => linesOf(root, Object.assign({}, bound, fields)),
  };
}

/** An error's message for a log line or a stored reason; anything thrown that is not an Error, as text. */
export const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export const silentLogger: Logger = { info() {}, warn() {}, error() {}, child: () => silentLogger };
