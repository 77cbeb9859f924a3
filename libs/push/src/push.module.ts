/**
 * push-service: cameras' alarms (signed with the owner's push tag, storm-merged, with a picture) kept as the
 * users' message center, which apps read through `url` (push_message.* gateway operations), and pushed to the
 * users' phones through FCM, APNs or the merchant's own push server, durably — decisions PS1–PS11.
 * It consumes user.deleted and device.unbound to purge what they end. Its host (serviceRuntime) serves what the
 * classes of push.entry-points.ts declare; the process provides the runtime's parts (RuntimeModule).
 */
import { Module } from '@nestjs/common';
import { serviceRuntime } from '@dcp/runtime';
import { DeliveryAdminRepository } from './admin/delivery-admin.repository';
import { PushMerchantViews } from './admin/push-merchant.view';
import { AlarmIntake } from './alarms/alarm-intake';
import { AlarmSigner } from './alarms/alarm-signer';
import { PrismaClient } from './generated/prisma/client';
import { DeliveryDispatcher } from './delivery/delivery-dispatcher';
import { DeliveryGauges } from './delivery/delivery-gauges';
import { DeliveryQueue } from './delivery/delivery-queue';
import { ProviderSenders } from './delivery/provider-senders';
import { EndpointRepository } from './endpoints/endpoint.repository';
import { MessageRepository } from './messages/message.repository';
import { PictureUrls } from './pictures/picture-urls';
import { ProviderCredentials } from './providers/provider-credentials';
import { RetentionRepository } from './retention/retention.repository';
import { SwitchRepository } from './switches/switch.repository';
import { PUSH_ADMIN_USE_CASES, PUSH_JOBS, PUSH_REACTIONS, PUSH_USE_CASES } from './push.entry-points';

@Module({
  providers: [
    ...serviceRuntime('push', { database: PrismaClient, events: true }),
    AlarmSigner,
    AlarmIntake,
    MessageRepository,
    RetentionRepository,
    PictureUrls,
    EndpointRepository,
    SwitchRepository,
    ProviderCredentials,
    ProviderSenders,
    DeliveryQueue,
    DeliveryDispatcher,
    DeliveryGauges,
    DeliveryAdminRepository,
    PushMerchantViews,
    ...PUSH_USE_CASES,
    ...PUSH_ADMIN_USE_CASES,
    ...PUSH_REACTIONS,
    ...PUSH_JOBS,
  ],
})
export class PushModule {}
