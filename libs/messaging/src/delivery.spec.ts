import { buildEvent } from './build-event';
import { defaultBusLogger } from './logger';
import { deliver, resolveConsumerOptions } from './delivery';

describe('deliver: redeliveries', () => {
  const envelope = buildEvent('userDeleted', { userId: 7, openId: 'o', clientId: 'c', uuid: 'u' });
  const subject = envelope.type;

  it('tells onRedelivery of every delivery after the first, before the handler runs', async () => {
    const seen: Array<[string, number]> = [];
    const handled: number[] = [];
    const opts = resolveConsumerOptions({ durable: 'd', subjects: [envelope.type], maxDeliver: 5, onRedelivery: (s, n) => seen.push([s, n]) });
    for (const deliveryCount of [1, 2, 3]) {
      await deliver({ body: envelope, subject, deliveryCount }, opts, async () => void handled.push(seen.length), async () => undefined, defaultBusLogger);
    }
    expect(seen).toEqual([
      [subject, 2],
      [subject, 3],
    ]);
    expect(handled).toEqual([0, 1, 2]);
  });
});
