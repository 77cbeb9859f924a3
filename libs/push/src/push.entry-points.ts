/**
 * Everything push-service serves or runs, as barrels its module lists: each class declares its own entry point
 * (`@ServesOperation`, `@ServesRpc`, `@EventReactionEntry`, `@Periodic`), and the service's host serves what it finds.
 */
import { CameraAlarmUseCase } from './alarms/camera-alarm.use-case';
import { CountUnreadUseCase } from './messages/count-unread.use-case';
import { DeleteMessagesUseCase } from './messages/delete-messages.use-case';
import { ListMessagesUseCase } from './messages/list-messages.use-case';
import { MarkReadUseCase } from './messages/mark-read.use-case';
import { GetPictureUseCase } from './pictures/get-picture.use-case';
import { DeviceUnboundReaction, UserDeletedReaction } from './reactions/purge-messages.reactions';
import { MessageRetentionJob } from './retention/message-retention.job';

export const PUSH_USE_CASES = [CameraAlarmUseCase, ListMessagesUseCase, CountUnreadUseCase, MarkReadUseCase, DeleteMessagesUseCase, GetPictureUseCase];

export const PUSH_REACTIONS = [UserDeletedReaction, DeviceUnboundReaction];

export const PUSH_JOBS = [MessageRetentionJob];
