/**
 * Puts an event envelope into a JetStream stream exactly as given, without the publisher's validation or
 * normalisation: what an earlier release published (or a foreign publisher sent) is in the stream as is.
 * For specs of consumers reading such events (e.g. MACs in the colon form published before docs/decisions.md
 * D1 changed). `subject` is the wire subject (the bus's subject prefix included).
 */
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { TEST_NATS_URL } from './infra';

export async function publishRawEvent(subject: string, envelope: { id: string } & Record<string, unknown>, url: string = TEST_NATS_URL): Promise<void> {
  const nc = await connect({ servers: url });
  try {
    await jetstream(nc).publish(subject, JSON.stringify(envelope), { msgID: envelope.id });
  } finally {
    await nc.close();
  }
}

/** Deletes a spec's own JetStream stream (unique names: nothing else uses it). */
export async function deleteStream(stream: string, url: string = TEST_NATS_URL): Promise<void> {
  const nc = await connect({ servers: url });
  try {
    await (await jetstreamManager(nc)).streams.delete(stream).catch(() => false);
  } finally {
    await nc.close();
  }
}
