/**
 * LOG_LEVEL: one of pino's level names. Every process reads it (libs/runtime loadConfig, the merchant
 * sandbox's main); a value that is not one of these stops the process with a message naming LOG_LEVEL.
 */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export type LogLevelName = (typeof LOG_LEVELS)[number];

export const DEFAULT_LOG_LEVEL: LogLevelName = 'info';

/** A LOG_LEVEL that is not a level name (libs/runtime turns it into its ConfigError). */
export class InvalidLogLevelError extends Error {
  constructor(readonly value: string) {
    super(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${value}"`);
  }
}

/** The level named by LOG_LEVEL (any letter case); unset or empty → info; anything else throws InvalidLogLevelError. */
export function parseLogLevel(raw: string | undefined): LogLevelName {
  if (raw === undefined || raw === '') return DEFAULT_LOG_LEVEL;
  const name = raw.toLowerCase();
  if ((LOG_LEVELS as readonly string[]).includes(name)) return name as LogLevelName;
  throw new InvalidLogLevelError(raw);
}
