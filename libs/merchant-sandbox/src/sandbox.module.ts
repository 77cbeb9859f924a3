import { type DynamicModule, Module } from '@nestjs/common';
import type { Logger } from '@dcp/observability';
import { IdpController } from './idp.controller';
import { PushInbox } from './push-inbox';
import { PushReceiverController } from './push-receiver.controller';
import { SANDBOX_LOGGER, SandboxSettings } from './sandbox-options';
import { SandboxSignatureController } from './sandbox-signature.controller';
import { SandboxUsersController } from './sandbox-users.controller';
import { SignatureGuard } from './signature.guard';
import { MerchantUserStore } from './user-store';

@Module({})
export class MerchantSandboxModule {
  static forRoot(store: MerchantUserStore, settings: SandboxSettings, logger: Logger, pushes: PushInbox): DynamicModule {
    return {
      module: MerchantSandboxModule,
      controllers: [IdpController, SandboxUsersController, SandboxSignatureController, PushReceiverController],
      providers: [{ provide: MerchantUserStore, useValue: store }, { provide: SandboxSettings, useValue: settings }, { provide: SANDBOX_LOGGER, useValue: logger }, { provide: PushInbox, useValue: pushes }, SignatureGuard],
    };
  }
}
