import { Injectable, Module, type Type } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { type CallOf, DEVICE_RPC, ErrorCode, GATEWAY_OPERATIONS, PlatformError, SSO_RPC, gatewaySubject } from '@dcp/contracts';
import { PlatformMetrics } from '@dcp/observability';
import { RUNTIME_CONTEXT, type RuntimeContext } from '../host/context';
import { HealthRegistry } from '../health/health-registry';
import { RuntimeModule } from '../host/runtime.module';
import { EventReactionEntry, HostedPart, Periodic, ReadinessCheck, ServesOperation, ServesRpc } from './entry-point.decorators';
import { entryPointProblems, entryPointsOfModule } from './declared-entry-points';
import { ServiceHost, serviceHostToken } from './service-host';

const user = { userId: 1, openId: 'o', clientId: 'c', uuid: 'u' };
const latestParams = {
  clientId: 'c',
  openId: 'o',
  accessToken: 'a',
  macAddr: '06626E63FBA5',
  machineTypeName: 'IPC-1',
  sysVersion1: '1',
  sysVersion3: '2',
  sysVersion4: '3',
  appVersion1: '4',
  appVersion3: '5',
  appVersion4: '6',
};

/** What happened, in order, across the classes of one test module. */
let journal: string[];

function fakeRuntime() {
  const handlers = new Map<string, (payload: unknown) => Promise<unknown>>();
  const metrics = new PlatformMetrics({ defaultMetrics: false });
  const health = new HealthRegistry();
  const ctx = {
    config: { mode: 'embedded' },
    clock: { now: () => 0 },
    metrics,
    health,
    rpcServer: {
      handle: (subject: string, handler: (payload: unknown) => Promise<unknown>) => handlers.set(subject, handler),
      handleContract: (contract: { subject: string }, handler: (req: unknown) => Promise<unknown>) => handlers.set(contract.subject, handler),
    },
  } as unknown as RuntimeContext;
  return { ctx, handlers, metrics, health };
}

/** A service module as serviceRuntime builds it, with a database double instead of a Prisma client. */
function hostedModule(service: 'firmware' | 'device', providers: Type<unknown>[]): Type<unknown> {
  const db = { ping: async () => journal.push(`${service}: database ping`), close: async () => journal.push(`${service}: database closed`) };
  @Module({
    providers: [
      {
        provide: serviceHostToken(service),
        inject: [DiscoveryService, RUNTIME_CONTEXT],
        useFactory: (discovery: DiscoveryService, ctx: RuntimeContext) => new ServiceHost(service, discovery, ctx, db as never, undefined),
      },
      ...providers,
    ],
  })
  class HostedServiceModule {}
  return HostedServiceModule;
}

async function boot(ctx: RuntimeContext, ...modules: Type<unknown>[]) {
  const app = await Test.createTestingModule({ imports: [RuntimeModule.forRoot(ctx), ...modules] }).compile();
  await app.init();
  return app;
}

@Injectable()
class LatestFirmware {
  @ServesOperation('firmwareLatest')
  async execute(call: CallOf<'firmwareLatest'>) {
    if (call.params.machineTypeName === 'missing') throw new PlatformError(ErrorCode.PT_FIRMWARE_LINK_NOT_EXISTS);
    return { data: { machineTypeName: call.params.machineTypeName, openId: call.user.openId } };
  }
}

@Injectable()
class FindUser {
  @ServesRpc(SSO_RPC.ssoFindUser, 'find_user')
  async execute(req: { openId: string }) {
    journal.push(`find_user ${req.openId}`);
    return { user: null };
  }
}

@Injectable()
class AddDevice {
  @ServesOperation('addOemDevice')
  async execute() {
    return {};
  }
}

describe('ServiceHost', () => {
  beforeEach(() => (journal = []));

  it('serves the operations and contracts its module declares, counted per operation', async () => {
    const { ctx, handlers, metrics } = fakeRuntime();
    const app = await boot(ctx, hostedModule('firmware', [LatestFirmware, FindUser]));
    const latest = handlers.get(gatewaySubject('firmware.latest'))!;
    await expect(latest({ service: 'firmware.latest', params: latestParams, user })).resolves.toEqual({ data: { machineTypeName: 'IPC-1', openId: 'o' } });
    await expect(latest({ service: 'firmware.latest', params: { ...latestParams, machineTypeName: 'missing' }, user })).rejects.toMatchObject({ value: '010120' });
    await handlers.get(SSO_RPC.ssoFindUser.subject)!({ openId: 'x' });
    expect(journal).toContain('find_user x');
    const text = await metrics.render();
    expect(text).toContain('dcp_service_operations_total{service="firmware",operation="firmware.latest",outcome="ok"} 1');
    expect(text).toContain('dcp_service_operations_total{service="firmware",operation="firmware.latest",outcome="010120"} 1');
    expect(text).toContain('dcp_service_operations_total{service="firmware",operation="find_user",outcome="ok"} 1');
    await app.close();
  });

  it('refuses to start when a catalogue operation the service owns is not served', async () => {
    const { ctx } = fakeRuntime();
    await expect(boot(ctx, hostedModule('firmware', [FindUser]))).rejects.toThrow('firmware-service cannot start: firmware-service does not serve firmware.latest');
  });

  it("refuses to serve another service's operation, and one served twice", async () => {
    const { ctx } = fakeRuntime();
    await expect(boot(ctx, hostedModule('firmware', [LatestFirmware, AddDevice]))).rejects.toThrow('AddDevice.execute serves user_ipc_setting_v2_0.addOemDevice, which device-service owns');
    @Injectable()
    class LatestAgain {
      @ServesOperation('firmwareLatest')
      async execute() {
        return {};
      }
    }
    await expect(boot(fakeRuntime().ctx, hostedModule('firmware', [LatestFirmware, LatestAgain]))).rejects.toThrow('firmware.latest is served twice (LatestFirmware.execute, LatestAgain.execute)');
  });

  it('sees only the classes of its own module when several services share a process (apps/platform)', async () => {
    const { ctx } = fakeRuntime();
    // device's module declares none of the six device operations but firmware's; each host judges its own.
    await expect(boot(ctx, hostedModule('firmware', [LatestFirmware]), hostedModule('device', [FindUser]))).rejects.toThrow(/^device-service cannot start: device-service does not serve user_ipc_setting_v2_0\.addOemDevice/);
  });

  it('starts in one order and stops in reverse: first parts, readiness, entry points, last parts and jobs', async () => {
    const { ctx, health } = fakeRuntime();
    @Injectable()
    @HostedPart({ stage: 'first' })
    class Guard {
      start() {
        journal.push('guard started');
      }
      stop() {
        journal.push('guard stopped');
      }
      @ReadinessCheck('guard:ready')
      async ready() {
        journal.push('guard checked');
      }
    }
    @Injectable()
    @HostedPart({ stage: 'last' })
    class Sweeper {
      async start() {
        journal.push('sweeper started');
      }
      async stop() {
        journal.push('sweeper stopped');
      }
    }
    let release!: () => void;
    @Injectable()
    class Purger {
      runs = 0;
      @Periodic({ name: 'test purge', everyMs: 3_600_000 })
      async purge() {
        this.runs++;
        journal.push('purge running');
        await new Promise<void>((resolve) => (release = resolve));
        journal.push('purge done');
        return { rows: 2 };
      }
    }
    const app = await boot(ctx, hostedModule('firmware', [Sweeper, Purger, LatestFirmware, Guard]));
    expect(journal).toEqual(['guard started', 'sweeper started', 'purge running']);
    expect(health.entries().map(([name]) => name)).toEqual(['database:firmware', 'guard:ready']);
    await Promise.all(health.entries().map(([, check]) => check()));
    const closing = app.close();
    // The purge in progress ends before anything of the service stops.
    await new Promise((resolve) => setImmediate(resolve));
    expect(journal).not.toContain('sweeper stopped');
    release();
    await closing;
    expect(journal).toEqual(['guard started', 'sweeper started', 'purge running', 'firmware: database ping', 'guard checked', 'purge done', 'sweeper stopped', 'guard stopped', 'firmware: database closed']);
  });
});

describe('entryPointsOfModule', () => {
  it('reads what the classes of a module declare, without booting it', () => {
    @Injectable()
    @EventReactionEntry()
    class OnUserDeleted {
      readonly event = 'userDeleted' as const;
      async react() {}
    }
    @Module({ providers: [LatestFirmware, FindUser, OnUserDeleted, { provide: 'x', useValue: 1 }] })
    class SomeModule {}
    const found = entryPointsOfModule(SomeModule);
    expect(found.operations.map((d) => d.declared)).toEqual(['firmwareLatest']);
    expect(found.rpc.map((d) => [d.declared.contract.subject, d.declared.operation])).toEqual([[SSO_RPC.ssoFindUser.subject, 'find_user']]);
    expect(found.reactions).toEqual([OnUserDeleted]);
    expect(entryPointProblems('firmware', found)).toEqual([]);
    expect(entryPointProblems('device', found)).toEqual(expect.arrayContaining([`LatestFirmware.execute serves firmware.latest, which firmware-service owns`, `device-service does not serve ${GATEWAY_OPERATIONS.addOemDevice.service}`]));
  });

  it('names an RPC contract served twice', () => {
    @Injectable()
    class A {
      @ServesRpc(DEVICE_RPC.findUserDevice, 'find_user_device')
      async execute() {
        return { device: null };
      }
    }
    @Injectable()
    class B {
      @ServesRpc(DEVICE_RPC.findUserDevice, 'find_user_device')
      async execute() {
        return { device: null };
      }
    }
    @Module({ providers: [A, B] })
    class Twice {}
    expect(entryPointProblems('firmware', entryPointsOfModule(Twice))).toContain(`${DEVICE_RPC.findUserDevice.subject} is served twice (A.execute, B.execute)`);
  });
});

/** Compile-time guarantees: a declared method whose signature does not fit what it serves does not compile. */
export class SignatureChecks {
  // @ts-expect-error firmware.latest's handler answers a GatewayResult, not a string
  @ServesOperation('firmwareLatest')
  async wrongAnswer(): Promise<string> {
    return 'x';
  }

  // @ts-expect-error find_user takes { openId }, not a number
  @ServesRpc(SSO_RPC.ssoFindUser, 'find_user')
  async wrongRequest(_req: number) {
    return { user: null };
  }

  // @ts-expect-error a periodic job takes no arguments
  @Periodic({ name: 'x', everyMs: 1 })
  async needsArgument(_n: number) {}
}
