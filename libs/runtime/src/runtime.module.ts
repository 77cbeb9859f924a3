import { type DynamicModule, Global, Module } from '@nestjs/common';
import { RUNTIME_CLOCK, RUNTIME_CONTEXT, type RuntimeContext } from './context';

/** Makes the host's RuntimeContext and its clock injectable everywhere (`@Inject(RUNTIME_CONTEXT)`, `@Inject(RUNTIME_CLOCK)`). */
@Global()
@Module({})
export class RuntimeModule {
  static forRoot(ctx: RuntimeContext): DynamicModule {
    const providers = [
      { provide: RUNTIME_CONTEXT, useValue: ctx },
      // One clock for every service and the edge, so their expiry rules agree (tests shift it).
      { provide: RUNTIME_CLOCK, useValue: ctx.clock },
    ];
    return { module: RuntimeModule, providers, exports: [RUNTIME_CONTEXT, RUNTIME_CLOCK] };
  }
}
