import { type DynamicModule, Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import {
  RUNTIME_CLOCK,
  RUNTIME_CONFIG,
  RUNTIME_CONTEXT,
  RUNTIME_EVENT_BUS,
  RUNTIME_HEALTH,
  RUNTIME_METRICS,
  RUNTIME_RPC_CLIENT,
  RUNTIME_SHUTDOWN,
  type RuntimeContext,
} from './context';

/**
 * Makes the host's RuntimeContext injectable everywhere, whole (`RUNTIME_CONTEXT`, for the runtime's own
 * wiring) and by part (`RUNTIME_CLOCK`, `RUNTIME_METRICS`, … : what services' classes inject).
 */
@Global()
@Module({})
export class RuntimeModule {
  static forRoot(ctx: RuntimeContext): DynamicModule {
    const providers = [
      { provide: RUNTIME_CONTEXT, useValue: ctx },
      // One clock for every service and the edge, so their expiry rules agree (tests shift it).
      { provide: RUNTIME_CLOCK, useValue: ctx.clock },
      { provide: RUNTIME_CONFIG, useValue: ctx.config },
      { provide: RUNTIME_METRICS, useValue: ctx.metrics },
      { provide: RUNTIME_RPC_CLIENT, useValue: ctx.rpcClient },
      { provide: RUNTIME_EVENT_BUS, useValue: ctx.events },
      { provide: RUNTIME_HEALTH, useValue: ctx.health },
      { provide: RUNTIME_SHUTDOWN, useValue: ctx.shutdown },
    ];
    // DiscoveryModule: each service's ServiceHost finds its entry points with it (entry-points/service-host.ts).
    return { module: RuntimeModule, imports: [DiscoveryModule], providers, exports: [...providers.map((p) => p.provide), DiscoveryModule] };
  }
}
