/** push_message.list (decisions PS5): a page of the user's messages, newest alarm first, by device, type and time. */
import { Injectable } from '@nestjs/common';
import { type CallOf, ErrorCode, type GatewayResult, PUSH_LIMITS, PlatformError } from '@dcp/contracts';
import { ServesOperation } from '@dcp/runtime';
import { PictureUrls } from '../pictures/picture-urls';
import { toMessageView } from './message.mapper';
import { MessageRepository } from './message.repository';

const DEFAULT_PAGE_SIZE = 20;
/** Pages beyond this would skip more rows than any message center holds. */
const MAX_PAGE = 10_000;

@Injectable()
export class ListMessagesUseCase {
  constructor(
    private readonly messages: MessageRepository,
    private readonly pictures: PictureUrls,
  ) {}

  @ServesOperation('listMessages')
  async execute({ params, user }: CallOf<'listMessages'>): Promise<GatewayResult> {
    const page = params.page ?? 1;
    const pageSize = params.pageSize ?? DEFAULT_PAGE_SIZE;
    if (page < 1 || page > MAX_PAGE) throw invalid('page', `must be from 1 to ${MAX_PAGE}`);
    if (pageSize < 1 || pageSize > PUSH_LIMITS.maxPageSize) throw invalid('pageSize', `must be from 1 to ${PUSH_LIMITS.maxPageSize}`);
    const from = params.startTime === undefined ? undefined : Number(params.startTime) * 1000;
    const before = params.endTime === undefined ? undefined : Number(params.endTime) * 1000;
    const { items, total } = await this.messages.page({ userId: user.userId, macAddr: params.devId, type: params.type, from, before }, (page - 1) * pageSize, pageSize);
    return { data: { total, list: items.map((m) => toMessageView(m, (id) => this.pictures.of(id))) } };
  }
}

const invalid = (name: string, why: string) => new PlatformError(ErrorCode.FC_INVALID_PARAMETER, `invalid parameter ${name}: ${why}`);
