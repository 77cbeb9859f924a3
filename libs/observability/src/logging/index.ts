export { LOG_LEVELS, DEFAULT_LOG_LEVEL, InvalidLogLevelError, parseLogLevel, type LogLevelName } from './levels';
export { CREDENTIAL_NAMES, REDACTED, isCredentialName } from './credentials';
export { scrubText, redactUrl, redactHeaders, redactValue, credentialRedactPaths } from './redact';
export { escapeControlCharacters } from './control-characters';
export { configureLogging, contextLogger, createLogger, rootLogger, sanitizeLine, writeBanner, LOG_SERIALIZERS, type DestinationStream, type Logger, type LoggingOptions } from './logger';
export { NestPinoLogger, nestLogger } from './nest-logger';
export { RequestLogController, fastifyLogging } from './http-request-log';
export { LogCapture } from './capture';
