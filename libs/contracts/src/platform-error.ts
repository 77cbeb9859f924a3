import { ErrorCode, ERROR_CATALOG, isErrorCode } from './error-codes';

/** What travels between services (NATS replies) and out to clients: the code's name plus details. */
export interface SerializedPlatformError {
  readonly code: ErrorCode;
  readonly failureDetails: string;
  /** Extra top-level fields some codes carry on the wire (e.g. `server_url` with 000077). */
  readonly extra?: Record<string, unknown>;
}

/** The one error type services throw. Everything else becomes FC_SYSTEM_ERROR at the boundary. */
export class PlatformError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly failureDetails: string = ERROR_CATALOG[code].text,
    readonly extra?: Record<string, unknown>,
  ) {
    super(`${ERROR_CATALOG[code].value} ${failureDetails}`);
    this.name = 'PlatformError';
  }

  get value(): string {
    return ERROR_CATALOG[this.code].value;
  }

  get httpStatus(): number {
    return ERROR_CATALOG[this.code].httpStatus;
  }

  serialize(): SerializedPlatformError {
    return this.extra ? { code: this.code, failureDetails: this.failureDetails, extra: this.extra } : { code: this.code, failureDetails: this.failureDetails };
  }

  static isSerialized(value: unknown): value is SerializedPlatformError {
    const v = value as SerializedPlatformError | null;
    return !!v && typeof v === 'object' && isErrorCode(v.code) && typeof v.failureDetails === 'string';
  }

  static fromSerialized(value: SerializedPlatformError): PlatformError {
    return new PlatformError(value.code, value.failureDetails, value.extra);
  }

  /** Any thrown value → a PlatformError; unknown errors become 000099 without leaking internals. */
  static from(err: unknown): PlatformError {
    if (err instanceof PlatformError) return err;
    if (PlatformError.isSerialized(err)) return PlatformError.fromSerialized(err);
    return new PlatformError(ErrorCode.FC_SYSTEM_ERROR);
  }
}
