/**
 * The process's one structured logger: pino, one JSON object per line on stdout. Nest's loggers
 * (nest-logger.ts), Fastify's request logging (http-request-log.ts), the bus and the merchant sandbox all
 * write through it, so every line has the same shape:
 *
 *   {"level":"info","time":"…","pid":1,"hostname":"…","service":"sso-service","context":"sso-merchants",
 *    "requestId":"…","traceId":"…","msg":"…"}
 *
 * `service` names the process (configureLogging), `context` the component, `requestId`/`traceId` the call
 * being served (read from the call context). Credentials (credentials.ts) are masked by the serializers,
 * pino's `redact` paths and a last pass over the finished line, which also escapes control characters.
 */
import { hostname } from 'node:os';
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { currentCallContext, traceIdOf } from '../call-context';
import { escapeControlCharacters } from './control-characters';
import { REDACTED } from './credentials';
import { DEFAULT_LOG_LEVEL, type LogLevelName, parseLogLevel } from './levels';
import { credentialRedactPaths, redactHeaders, redactUrl, redactValue, scrubText } from './redact';

export type { DestinationStream, Logger } from 'pino';

export interface LoggingOptions {
  /** Default: LOG_LEVEL from the environment (info when unset or not a level). */
  level?: LogLevelName;
  /** The process: `platform`, `gateway-edge`, `sso-service`, `merchant-sandbox`… (the `service` field). */
  service?: string;
  /** Where lines go. Default: stdout, written asynchronously and flushed when the process exits. Tests pass a LogCapture. */
  destination?: DestinationStream;
}

const chindingsSym = pino.symbols.chindingsSym;

/** requestId (unless the logger already carries it: Fastify's request logger), the caller's clientRequestId at the edge, and traceId of the call being served. */
function callFields(_merge: object, _level: number, logger: Logger): object {
  const ctx = currentCallContext();
  if (!ctx) return {};
  const fields: { requestId?: string; clientRequestId?: string; traceId?: string } = {};
  if (ctx.requestId && !String((logger as unknown as Record<symbol, unknown>)[chindingsSym] ?? '').includes('"requestId":')) fields.requestId = ctx.requestId;
  if (ctx.clientRequestId) fields.clientRequestId = ctx.clientRequestId;
  const traceId = traceIdOf(ctx.traceparent);
  if (traceId) fields.traceId = traceId;
  return fields;
}

interface RequestLike {
  method?: string;
  url?: string;
  ip?: string;
  socket?: { remoteAddress?: string };
  headers?: unknown;
}

const MAX_URL = 2048;
/** A URL as logged: credentials masked (before it is cut, so that a cut cannot leave half a value), at most 2048 characters. */
function boundedUrl(url: string): string {
  const masked = redactUrl(url);
  return masked.length > MAX_URL ? `${masked.slice(0, MAX_URL)}…` : masked;
}

/** Serializers by field name: what a `req`, `err`, `headers` or `body` logged anywhere becomes. */
export const LOG_SERIALIZERS = {
  req: (req: RequestLike) => ({
    method: req.method,
    url: boundedUrl(String(req.url ?? '')),
    remoteAddress: req.ip ?? req.socket?.remoteAddress,
  }),
  res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
  err: (err: unknown) => redactValue(err instanceof Error ? pino.stdSerializers.err(err) : err),
  error: (err: unknown) => redactValue(err instanceof Error ? pino.stdSerializers.err(err) : err),
  url: (url: unknown) => (typeof url === 'string' ? boundedUrl(url) : url),
  stack: (stack: unknown) => (typeof stack === 'string' ? scrubText(stack) : stack),
  headers: redactHeaders,
  body: redactValue,
  query: redactValue,
  params: redactValue,
  detail: redactValue,
  data: redactValue,
  args: redactValue,
};

/** The last pass over every finished line: credentials in any text, then control characters. */
export function sanitizeLine(line: string): string {
  return escapeControlCharacters(scrubText(line));
}

let stdout: DestinationStream | undefined;
function stdoutDestination(): DestinationStream {
  return (stdout ??= pino.destination({ dest: 1, sync: false }));
}

/** A logger configured as every logger of the platform is (level, fields, serializers, redaction). */
export function createLogger(opts: LoggingOptions = {}): Logger {
  const options: LoggerOptions = {
    level: opts.level ?? levelFromEnvironment(),
    base: { pid: process.pid, hostname: hostname(), ...(opts.service ? { service: opts.service } : {}) },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    serializers: LOG_SERIALIZERS,
    redact: { paths: credentialRedactPaths(), censor: REDACTED },
    mixin: callFields,
    hooks: {
      logMethod(args, method) {
        for (let i = 0; i < args.length; i++) if (typeof args[i] === 'string') (args as unknown[])[i] = scrubText(args[i] as string);
        return method.apply(this, args);
      },
      streamWrite: sanitizeLine,
    },
  };
  return pino(options, opts.destination ?? stdoutDestination());
}

function levelFromEnvironment(): LogLevelName {
  try {
    return parseLogLevel(process.env.LOG_LEVEL);
  } catch {
    // A bad LOG_LEVEL is reported by loadConfig (ConfigError) through this very logger: it must not throw here.
    return DEFAULT_LOG_LEVEL;
  }
}

let root: Logger | undefined;
let generation = 0;
const contexts = new Map<string, Logger>();
let contextsGeneration = -1;

/**
 * Sets the process's logger (each app's main and bootstrapService call it once the configuration is read;
 * specs call it with a LogCapture). Loggers obtained with contextLogger() before follow it.
 */
export function configureLogging(opts: LoggingOptions = {}): Logger {
  root = createLogger(opts);
  generation++;
  return root;
}

/** The process's logger; until configureLogging runs, one at LOG_LEVEL on stdout. */
export function rootLogger(): Logger {
  return (root ??= createLogger());
}

/** The process's logger with a `context` field (cached; follows a later configureLogging). */
export function contextLogger(context?: string): Logger {
  const base = rootLogger();
  if (!context) return base;
  if (contextsGeneration !== generation) {
    contexts.clear();
    contextsGeneration = generation;
  }
  let logger = contexts.get(context);
  if (!logger) {
    logger = base.child({ context });
    contexts.set(context, logger);
  }
  return logger;
}

/**
 * Writes text as it is where the log lines go, after the lines already logged (they are written
 * asynchronously: process.stdout.write could overtake them). Only for the development banners of
 * apps/platform and apps/merchant-sandbox (docs/decisions.md LG6): text written here is not a log line, so
 * it is neither JSON nor redacted.
 */
export function writeBanner(text: string): void {
  (rootLogger() as unknown as Record<symbol, DestinationStream>)[pino.symbols.streamSym].write(text);
}

