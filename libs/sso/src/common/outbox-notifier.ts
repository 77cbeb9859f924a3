/**
 * Lets use cases ask the outbox relay to publish now (after their transaction committed) instead of at its
 * next poll. The relay is attached by the module's lifecycle once it runs.
 */
import { Injectable } from '@nestjs/common';

export interface Pokeable {
  poke(): void;
}

@Injectable()
export class OutboxNotifier {
  private relay?: Pokeable;

  attach(relay: Pokeable | undefined): void {
    this.relay = relay;
  }

  poke(): void {
    this.relay?.poke();
  }
}
