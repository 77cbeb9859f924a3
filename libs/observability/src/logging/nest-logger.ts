/**
 * Nest's LoggerService over the process's logger (logger.ts): every `new Logger('x')` in the apps and libs,
 * and Nest's own lines, become JSON lines with `context: "x"`. Instead of nestjs-pino, whose Nest 12 release
 * needs Node ≥ 22.12 and whose pino-http would log each request a second time beside Fastify's own line.
 *
 * Levels: log → info, verbose → trace; LOG_LEVEL decides (setLogLevels is ignored). Nest's start-up
 * chatter (modules initialised, every route mapped) is `debug`, so that `info` shows what an operator needs.
 */
import type { LoggerService } from '@nestjs/common';
import type { Level } from 'pino';
import { contextLogger } from './logger';

/** Contexts of Nest's own start-up lines, logged at debug instead of info. */
const NEST_STARTUP_CONTEXTS = new Set(['NestFactory', 'InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestApplication', 'RouterModule']);

/** Nest's ConsoleLogger recognises a stack passed as the second argument of error() the same way. */
const STACK = /^(.)+\n\s+at .+:\d+:\d+/;

export class NestPinoLogger implements LoggerService {
  log(message: unknown, ...params: unknown[]): void {
    this.write('info', message, params);
  }

  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }

  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }

  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }

  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }

  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  /** LOG_LEVEL alone decides what is written. */
  setLogLevels(): void {}

  private write(level: Level, message: unknown, params: unknown[]): void {
    // Nest's Logger passes its context as the last argument.
    const last = params.at(-1);
    const context = params.length > 0 && typeof last === 'string' ? last : undefined;
    const rest = context === undefined ? params : params.slice(0, -1);
    if (level === 'info' && context && NEST_STARTUP_CONTEXTS.has(context)) level = 'debug';
    const logger = contextLogger(context);
    if (!logger.isLevelEnabled(level)) return;
    const fields: Record<string, unknown> = {};
    const extra = rest.filter((p) => p !== undefined);
    if (level === 'error' || level === 'fatal') {
      const stackIndex = extra.findIndex((p) => typeof p === 'string' && STACK.test(p));
      if (stackIndex >= 0) fields.stack = extra.splice(stackIndex, 1)[0];
    }
    if (extra.length > 0) fields.args = extra;
    if (message instanceof Error) {
      fields.err = message;
      logger[level](fields, message.message);
    } else if (typeof message === 'string') {
      logger[level](fields, message);
    } else {
      fields.data = message;
      logger[level](fields);
    }
  }
}

let instance: NestPinoLogger | undefined;

/** The one adapter of the process: give it to every NestFactory.create (`{ logger: nestLogger() }`). */
export function nestLogger(): NestPinoLogger {
  return (instance ??= new NestPinoLogger());
}
