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
    const from = epochMs('startTime', params.startTime);
    const before = epochMs('endTime', params.endTime);
    const { items, total } = await this.messages.page({ userId: user.userId, macAddr: params.devId, type: params.type, from, before }, (page - 1) * pageSize, pageSize);
    return { data: { total, list: items.map((m) => toMessageView(m, (id) => this.pictures.of(id))) } };
  }
}

/** Latest epoch seconds a time filter may name (the year 3000): anything later cannot be a date. */
const MAX_EPOCH_S = 32_503_680_000;

function epochMs(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const seconds = Number(value);
  if (!(seconds >= 0 && seconds <= MAX_EPOCH_S)) throw invalid(name, `must be epoch seconds from 0 to ${MAX_EPOCH_S}`);
  return seconds * 1000;
}

const invalid = (name: string, why: string) => new PlatformError(ErrorCode.FC_INVALID_PARAMETER, `invalid parameter ${name}: ${why}`);
