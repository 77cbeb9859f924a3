import { type DynamicModule, Global, Module } from '@nestjs/common';
import { RUNTIME_CONTEXT, type RuntimeContext } from './context';

/** Makes the host's RuntimeContext injectable everywhere (`@Inject(RUNTIME_CONTEXT)`). */
@Global()
@Module({})
export class RuntimeModule {
  static forRoot(ctx: RuntimeContext): DynamicModule {
    return { module: RuntimeModule, providers: [{ provide: RUNTIME_CONTEXT, useValue: ctx }], exports: [RUNTIME_CONTEXT] };
  }
}
