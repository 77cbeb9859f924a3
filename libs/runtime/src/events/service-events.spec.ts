import { outboxBacklogContract } from '@dcp/contracts';
import type { TransactionalSqlClient } from '@dcp/messaging';
import type { RuntimeContext } from '../host/context';
import { type EventReaction, ServiceEvents } from './service-events';

describe('ServiceEvents.react', () => {
  const client = {} as TransactionalSqlClient;
  const reaction = (): EventReaction<'userDeleted', never> => ({ event: 'userDeleted', react: async () => undefined });

  it('refuses two reactions to the same event before consuming anything', async () => {
    const consume = jest.fn();
    const ctx = { events: { consume }, metrics: { sample: jest.fn() }, config: {} } as unknown as RuntimeContext;
    const events = new ServiceEvents(ctx, { service: 'device', client });
    await expect(events.react(reaction(), reaction())).rejects.toThrow('device-service has two reactions to dcp.sso.user.deleted.v1');
    expect(consume).not.toHaveBeenCalled();
  });
});

describe('ServiceEvents.startOutbox', () => {
  const client = {} as TransactionalSqlClient;

  it('refuses to start the relay of a service operators could not see (not in OUTBOX_SERVICES)', () => {
    const handleContract = jest.fn();
    const ctx = { rpcServer: { handleContract }, metrics: { sample: jest.fn() }, config: {} } as unknown as RuntimeContext;
    const events = new ServiceEvents(ctx, { service: 'storage', client });
    expect(() => events.startOutbox()).toThrow('storage-service starts an outbox relay but is not in OUTBOX_SERVICES');
    expect(handleContract).not.toHaveBeenCalled();
  });

  it('answers the service\'s outbox backlog to operators on its own subject', async () => {
    const handleContract = jest.fn();
    const shutdown = { register: jest.fn() };
    const ctx = { rpcServer: { handleContract }, metrics: { sample: jest.fn() }, config: {}, events: {}, shutdown } as unknown as RuntimeContext;
    const backlogClient = { $queryRawUnsafe: jest.fn().mockResolvedValue([{ n: 3, age: 42.5 }]) } as unknown as TransactionalSqlClient;
    const events = new ServiceEvents(ctx, { service: 'permission', client: backlogClient });
    events.startOutbox();
    try {
      const [contract, handler] = handleContract.mock.calls[0] as [{ subject: string }, (req: unknown) => Promise<unknown>];
      expect(contract.subject).toBe(outboxBacklogContract('permission').subject);
      expect(await handler({})).toEqual({ pending: 3, oldestAgeSeconds: 42.5 });
    } finally {
      await events.stop();
    }
  });
});
