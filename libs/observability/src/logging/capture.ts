/**
 * A log destination that keeps what it is given (specs): `configureLogging({ destination: capture })`, or
 * `createLogger({ destination: capture })`, then read the lines as written.
 */
import type { DestinationStream } from 'pino';

export class LogCapture implements DestinationStream {
  readonly lines: string[] = [];

  write(line: string): void {
    this.lines.push(line);
  }

  /** Everything written, as the process would have printed it. */
  text(): string {
    return this.lines.join('');
  }

  /** Each line parsed as JSON (throws on a line that is not). */
  records(): Record<string, unknown>[] {
    return this.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  clear(): void {
    this.lines.length = 0;
  }
}
