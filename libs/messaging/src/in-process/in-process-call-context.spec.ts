import { createBus } from '../create-bus';
import { callContextSuite } from '../test/call-context-contract';

callContextSuite('in-process (memory)', () => ({
  create: (logger) => createBus({ kind: 'in-process', logger }),
  cleanup: async () => undefined,
}));
