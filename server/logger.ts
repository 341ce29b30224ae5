import pino from "pino";

/** JSON-lines logger (DESIGN.md §2). */
export type Logger = pino.Logger;

/** Creates the process logger at the given level ("silent" in tests). */
export function createLogger(level: string): Logger {
  return pino({ level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime });
}
