/** push_message.delete (decisions PS5): the user's messages named, with their pictures; others' ids delete nothing. */
import { Injectable } from '@nestjs/common';
import type { CallOf, GatewayResult } from '@dcp/contracts';
import { ServesOperation } from '@dcp/runtime';
import { parseMessageIds } from './message-ids';
import { MessageRepository } from './message.repository';

@Injectable()
export class DeleteMessagesUseCase {
  constructor(private readonly messages: MessageRepository) {}

  @ServesOperation('deleteMessages')
  async execute({ params, user }: CallOf<'deleteMessages'>): Promise<GatewayResult> {
    return { data: { deleted: await this.messages.delete(user.userId, parseMessageIds(params.messageIds)) } };
  }
}
