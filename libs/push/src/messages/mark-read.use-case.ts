/**
 * push_message.mark_read (decisions PS5): the messages named (messageIds), or with all=1 every message of the
 * user (or of devId). One of the two is required; ids of messages that are not the user's change nothing.
 */
import { Inject, Injectable } from '@nestjs/common';
import { type CallOf, ErrorCode, type GatewayResult, PlatformError } from '@dcp/contracts';
import { RUNTIME_CLOCK, type Clock, ServesOperation } from '@dcp/runtime';
import { parseMessageIds } from './message-ids';
import { MessageRepository } from './message.repository';

@Injectable()
export class MarkReadUseCase {
  constructor(
    private readonly messages: MessageRepository,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
  ) {}

  @ServesOperation('markMessagesRead')
  async execute({ params, user }: CallOf<'markMessagesRead'>): Promise<GatewayResult> {
    const all = params.all === 1;
    if (!all && params.messageIds === undefined) throw new PlatformError(ErrorCode.FC_INVALID_PARAMETER, 'invalid parameter messageIds: required unless all=1');
    const ids = all ? undefined : parseMessageIds(params.messageIds ?? '');
    const updated = await this.messages.markRead(user.userId, ids, all ? params.devId : undefined, new Date(this.clock.now()));
    return { data: { updated } };
  }
}
