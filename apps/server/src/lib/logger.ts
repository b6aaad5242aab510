import pino, { type Logger } from 'pino';
import pinoPretty from 'pino-pretty';

export interface AppLogger {
  logger: Logger;
  /** Writes out what is still buffered: call it before the process exits, or the last lines are lost. */
  flush(): void;
}

export interface AppLoggerOptions {
  level: string;
  /** Paths whose values are replaced by [Redacted] in every line (REDACTED_PATHS in app.ts). */
  redact: string[];
  /** A file path or descriptor; stdout by default. */
  destination?: string | number;
  /** Readable coloured lines instead of JSON: by default when stdout is a terminal someone watches. */
  pretty?: boolean;
}

/**
 * The app's logger. JSON lines go through a buffered, asynchronous writer: a write never waits for the
 * disk or the pipe inside a request, and lines written while one write is under way leave together.
 */
export function createAppLogger({
  level,
  redact,
  destination = 1,
  pretty = destination === 1 && process.stdout.isTTY === true,
}: AppLoggerOptions): AppLogger {
  const options = { level, redact };
  if (pretty) {
    // A person reads these as they come: written at once, in colour, without pid and host.
    const stream = pinoPretty({
      destination,
      sync: true,
      colorize: true,
      translateTime: 'SYS:HH:MM:ss.l',
      ignore: 'pid,hostname',
    });
    return { logger: pino(options, stream), flush() {} };
  }
  const stream = pino.destination({ dest: destination, sync: false });
  return {
    logger: pino(options, stream),
    flush() {
      // A stream still opening its file has nothing written yet, and flushSync would throw.
      try {
        stream.flushSync();
      } catch {
        /* nothing to write */
      }
    },
  };
}
