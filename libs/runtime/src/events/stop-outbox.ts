/**
 * The `outbox` phase of shutdown for one relay (HS2): the relay stops after its current pass, then publishes
 * whatever is still pending once more — rows committed by the last requests and events handled during the
 * drain — so they leave with this replica instead of waiting for another one's poll. A row that cannot be
 * published now stays in the outbox for the next relay.
 */
import type { OutboxRelay } from '@dcp/messaging';

/** Passes of the last flush at most (100 rows each): shutdown stays bounded even with a large backlog. */
const LAST_FLUSH_PASSES = 10;

export async function stopOutboxAfterLastFlush(relay: OutboxRelay): Promise<void> {
  await relay.stop();
  for (let pass = 0; pass < LAST_FLUSH_PASSES; pass++) {
    const result = await relay.publishPending();
    if (result.failure !== undefined) throw new Error(`last outbox flush failed: ${result.failure}`);
    if (!result.more) return;
  }
}
