import { createBus } from '../create-bus';
import { busContractSuite } from '../test/bus-contract';

busContractSuite('in-process (memory)', () => ({
  create: (logger) => createBus({ kind: 'in-process', logger }),
  cleanup: async () => undefined,
}));
