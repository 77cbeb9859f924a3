import type { TransactionalSqlClient } from '@dcp/messaging';
import type { RuntimeContext } from './context';
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
