/**
 * Test helper: wait for an event without sleeping. Subscribe first, act, then await `arrived`:
 *
 *   const deleted = await expectEvent(bus, EVENTS.userDeleted.subject, (e) => e.data.userId === 7);
 *   await doTheThing();
 *   const envelope = await deleted.arrived;
 */
import type { EventEnvelope, EventSubject } from '@dcp/contracts';

/** What expectEvent needs of an event bus: @dcp/messaging's EventBus, or a Bus / Runtime holding one as `events`. */
export interface EventSubscriber {
  subscribe(subjects: EventSubject[], handler: (envelope: EventEnvelope) => void): Promise<{ stop(): Promise<void> }>;
}

export interface EventExpectation {
  /** Resolves with the first matching envelope; rejects after the timeout, naming the subject. */
  readonly arrived: Promise<EventEnvelope>;
  /** Stops listening (done automatically on arrival or timeout). */
  cancel(): Promise<void>;
}

export async function expectEvent(
  bus: EventSubscriber | { events: EventSubscriber },
  subject: EventSubject,
  predicate: (envelope: EventEnvelope) => boolean = () => true,
  timeoutMs = 5_000,
): Promise<EventExpectation> {
  const events = 'events' in bus ? bus.events : bus;
  let settle!: { resolve: (e: EventEnvelope) => void; reject: (err: Error) => void };
  const arrived = new Promise<EventEnvelope>((resolve, reject) => (settle = { resolve, reject }));
  arrived.catch(() => undefined); // a test that never awaits it must not crash on an unhandled rejection
  let finished = false;
  const handle = await events.subscribe([subject], (envelope) => {
    if (finished || !predicate(envelope)) return;
    finish();
    settle.resolve(envelope);
  });
  const timer = setTimeout(() => {
    if (finished) return;
    finish();
    settle.reject(new Error(`no ${subject} event${predicate.length > 0 ? ' matching the predicate' : ''} within ${timeoutMs} ms`));
  }, timeoutMs);
  function finish() {
    finished = true;
    clearTimeout(timer);
    void handle.stop();
  }
  return {
    arrived,
    cancel: async () => {
      if (finished) return;
      finish();
      settle.reject(new Error(`expectation of ${subject} was cancelled`));
    },
  };
}
