/**
 * Whether the NATS connection is up right now, from the client's status events. Readiness answers from it while
 * the connection is down or reconnecting instead of waiting for a JetStream request to time out (HS4).
 */
import type { NatsConnection } from '@nats-io/transport-node';

export class NatsConnectionState {
  private up = true;
  private readonly downListeners = new Set<() => void>();

  constructor(private readonly nc: NatsConnection) {
    void this.watch();
  }

  /** Why the connection cannot carry a request now, or undefined when it can. */
  downReason(): string | undefined {
    if (this.nc.isClosed()) return 'the NATS connection is closed';
    if (this.nc.isDraining()) return 'the NATS connection is draining';
    return this.up ? undefined : 'the NATS connection is down (reconnecting)';
  }

  /** Calls `listener` each time the connection goes down (live subscribers miss what is published meanwhile); returns the removal. */
  onDown(listener: () => void): () => void {
    this.downListeners.add(listener);
    return () => this.downListeners.delete(listener);
  }

  private async watch(): Promise<void> {
    // The iterator ends when the connection closes.
    for await (const s of this.nc.status()) {
      if (s.type === 'disconnect') {
        this.up = false;
        for (const listener of this.downListeners) listener();
      } else if (s.type === 'reconnect') this.up = true;
    }
  }
}
