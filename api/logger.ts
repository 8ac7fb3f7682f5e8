/** JSON lines on stdout; every line of a request carries its request id. */
export type Logger = {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
};

export function createLogger(
  base: Record<string, unknown> = {},
  write: (line: string) => void = (l) => process.stdout.write(`${l}\n`),
): Logger {
  const emit = (level: string, message: string, fields: Record<string, unknown> = {}) =>
    write(JSON.stringify({ time: new Date().toISOString(), level, message, ...base, ...fields }));
  return {
    info: (m, f) => emit('info', m, f),
    warn: (m, f) => emit('warn', m, f),
    error: (m, f) => emit('error', m, f),
    child: (fields) => createLogger({ ...base, ...fields }, write),
  };
}

/** An error's message for a log line or a stored reason; anything thrown that is not an Error, as text. */
export const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export const silentLogger: Logger = { info() {}, warn() {}, error() {}, child: () => silentLogger };
