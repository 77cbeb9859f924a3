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

describe('deliver: the last delivery', () => {
  const envelope = buildEvent('userDeleted', { userId: 8, openId: 'o', clientId: 'c', uuid: 'u' });
  const failing = async () => {
    throw new Error('the table is locked');
  };
  const recordingLogger = () => {
    const warnings: string[] = [];
    return { warnings, logger: { ...defaultBusLogger, warn: (m: string) => void warnings.push(m) } };
  };
  const opts = resolveConsumerOptions({ durable: 'd', subjects: [envelope.type], maxDeliver: 3 });
  const last = { body: envelope, subject: envelope.type, deliveryCount: 3 };

  it('reports a message the sink recorded as dead-lettered, and terminates it', async () => {
    const { warnings, logger } = recordingLogger();
    const sink = jest.fn(async () => 'recorded' as const);
    expect(await deliver(last, opts, failing, sink, logger)).toBe('terminate');
    expect(sink).toHaveBeenCalledWith(expect.objectContaining({ durable: 'd', deliveries: 3, error: expect.stringContaining('the table is locked') }));
    expect(warnings).toEqual([expect.stringContaining('dead-lettered after 3 deliveries')]);
  });

  it('does not report as dead-lettered a message the sink found applied already (FD2), and terminates it', async () => {
    const { warnings, logger } = recordingLogger();
    expect(await deliver(last, opts, failing, async () => 'already-applied', logger)).toBe('terminate');
    expect(warnings.filter((w) => w.includes('dead-lettered'))).toEqual([]);
  });
});

