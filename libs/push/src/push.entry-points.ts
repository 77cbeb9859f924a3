/**
 * Everything push-service serves or runs, as barrels its module lists: each class declares its own entry point
 * (`@ServesOperation`, `@ServesRpc`, `@EventReactionEntry`, `@Periodic`), and the service's host serves what it finds.
 */
import { GetPushMerchantUseCase } from './admin/get-push-merchant.use-case';
import { SetPushProviderUseCase } from './admin/set-push-provider.use-case';
import { DeletePushProviderUseCase } from './admin/delete-push-provider.use-case';
import { SetPushMerchantSettingsUseCase } from './admin/set-push-merchant-settings.use-case';
import { ListPushHealthUseCase } from './admin/list-push-health.use-case';
import { ListDeliveriesUseCase } from './admin/list-deliveries.use-case';
import { ReplayDeliveryUseCase } from './admin/replay-delivery.use-case';
import { ReplayDeadDeliveriesUseCase } from './admin/replay-dead-deliveries.use-case';
import { DeviceAlarmsUseCase } from './admin/device-alarms.use-case';
import { CameraAlarmUseCase } from './alarms/camera-alarm.use-case';
import { ListEndpointsUseCase } from './endpoints/list-endpoints.use-case';
import { RegisterEndpointUseCase } from './endpoints/register-endpoint.use-case';
import { RemoveEndpointUseCase } from './endpoints/remove-endpoint.use-case';
import { CountUnreadUseCase } from './messages/count-unread.use-case';
import { DeleteMessagesUseCase } from './messages/delete-messages.use-case';
import { ListMessagesUseCase } from './messages/list-messages.use-case';
import { MarkReadUseCase } from './messages/mark-read.use-case';
import { GetPictureUseCase } from './pictures/get-picture.use-case';
import { DeviceUnboundReaction, UserDeletedReaction } from './reactions/purge-messages.reactions';
import { ReencryptPushSecretsJob } from './providers/reencrypt-push-secrets.job';
import { MessageRetentionJob } from './retention/message-retention.job';
import { ListSwitchesUseCase } from './switches/list-switches.use-case';
import { SetSwitchUseCase } from './switches/set-switch.use-case';

export const PUSH_USE_CASES = [
  CameraAlarmUseCase,
  ListMessagesUseCase,
  CountUnreadUseCase,
  MarkReadUseCase,
  DeleteMessagesUseCase,
  GetPictureUseCase,
  RegisterEndpointUseCase,
  RemoveEndpointUseCase,
  ListEndpointsUseCase,
  SetSwitchUseCase,
  ListSwitchesUseCase,
];

/** Operators' calls (PUSH_ADMIN_RPC, admin routes /admin/v1/push/…). */
export const PUSH_ADMIN_USE_CASES = [
  GetPushMerchantUseCase,
  SetPushProviderUseCase,
  DeletePushProviderUseCase,
  SetPushMerchantSettingsUseCase,
  ListPushHealthUseCase,
  ListDeliveriesUseCase,
  ReplayDeliveryUseCase,
  ReplayDeadDeliveriesUseCase,
  DeviceAlarmsUseCase,
];

export const PUSH_REACTIONS = [UserDeletedReaction, DeviceUnboundReaction];

export const PUSH_JOBS = [MessageRetentionJob, ReencryptPushSecretsJob];
