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
 * to stdout through its asynchronous destination, which gathers lines into 4 KB writes (issue
 * 32: a synchronous write per request was 9% of a no-database route's time) and writes what is
 * left when the process exits. A `write` given (tests) gets each line at once, without its newline.
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
  return wrap(() => root);
}

/** A child's pino logger is made on its first line: most requests' loggers never write one. */
function wrap(logger: () => Pino): Logger {
  let made: Pino | undefined;
  const get = () => (made ??= logger());
  return {
    info: (message, fields) => (fields ? get().info(fields, message) : get().info(message)),
    warn: (message, fields) => (fields ? get().warn(fields, message) : get().warn(message)),
    error: (message, fields) => (fields ? get().error(fields, message) : get().error(message)),
    child: (fields) => wrap(() => get().child(fields)),
  };
}

/** An error's message for a log line or a stored reason; anything thrown that is not an Error, as text. */
export const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export const silentLogger: Logger = { info() {}, warn() {}, error() {}, child: () => silentLogger };
