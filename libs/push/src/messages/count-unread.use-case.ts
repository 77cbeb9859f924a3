/** push_message.unread_count (decisions PS5): the user's unread messages, of every device or of one. */
import { Injectable } from '@nestjs/common';
import type { CallOf, GatewayResult } from '@dcp/contracts';
import { ServesOperation } from '@dcp/runtime';
import { MessageRepository } from './message.repository';

@Injectable()
export class CountUnreadUseCase {
  constructor(private readonly messages: MessageRepository) {}

  @ServesOperation('countUnreadMessages')
  async execute({ params, user }: CallOf<'countUnreadMessages'>): Promise<GatewayResult> {
    return { data: { unread: await this.messages.countUnread(user.userId, params.devId) } };
  }
}
