/**
 * Sub-service information per user (spec 2.7, 8: "data is fixed per user"): created on first use — by the
 * user's app (center.getServerInfo) or by a stream check (the subtoken) — and never changed afterwards.
 */
import { Inject, Injectable } from '@nestjs/common';
import { RUNTIME_CONTEXT, type RuntimeContext, serviceDatabaseToken } from '@dcp/runtime';
import type { SsoDatabase } from '../sso-database.types';
import { randomBase62 } from '../common/random';
import { type SubServiceInfoRecord, withScheme } from './sub-service-info';

const SUBTOKEN_LENGTH = 32;
const TAG_LENGTH = 16;
/** Spec 2.7 shows channelCount without its meaning: one channel per camera (docs/decisions.md). */
const CHANNEL_COUNT = 1;

@Injectable()
export class SubServiceRepository {
  constructor(
    @Inject(serviceDatabaseToken('sso')) private readonly db: SsoDatabase,
    @Inject(RUNTIME_CONTEXT) private readonly ctx: RuntimeContext,
  ) {}

  /** The user's record, created now if it does not exist; undefined when the user does not exist. */
  async findOrCreate(userId: number, oemCode: string | null): Promise<SubServiceInfoRecord | undefined> {
    const existing = await this.db.client.subServiceInfo.findUnique({ where: { userId } });
    if (existing) return toRecord(existing);
    const user = await this.db.client.user.findUnique({ where: { id: userId }, select: { country: true } });
    if (!user) return undefined;
    const { config } = this.ctx;
    // Two first calls at once: the primary key keeps the first insert; both read the one that stayed.
    await this.db.client.subServiceInfo.createMany({
      data: [
        {
          userId,
          subtoken: randomBase62(SUBTOKEN_LENGTH),
          area: (user.country || 'global').slice(0, 64),
          tag: randomBase62(TAG_LENGTH),
          storeTag: randomBase62(TAG_LENGTH),
          alexaTag: randomBase62(TAG_LENGTH),
          // Always generated, like the other tags: clients read it and fail without it (docs/decisions.md I2).
          rekognitionTag: randomBase62(TAG_LENGTH),
          url: config.pushQueryUrl,
          sendMsgUrl: withScheme(config.pushSendUrl, 'http'),
          sendMsgUrlSecure: withScheme(config.pushSendUrl, 'https'),
          storeUrl: config.publicStoreUrl,
          alexaUrl: config.voiceAssistantUrl,
          channelCount: CHANNEL_COUNT,
          oemCode,
        },
      ],
      skipDuplicates: true,
    });
    const created = await this.db.client.subServiceInfo.findUnique({ where: { userId } });
    return created ? toRecord(created) : undefined;
  }
}

function toRecord(row: SubServiceInfoRecord & { oemCode: string | null; createdAt: Date }): SubServiceInfoRecord {
  return {
    userId: row.userId,
    subtoken: row.subtoken,
    area: row.area,
    tag: row.tag,
    storeTag: row.storeTag,
    alexaTag: row.alexaTag,
    rekognitionTag: row.rekognitionTag,
    url: row.url,
    sendMsgUrl: row.sendMsgUrl,
    sendMsgUrlSecure: row.sendMsgUrlSecure,
    storeUrl: row.storeUrl,
    alexaUrl: row.alexaUrl,
    channelCount: row.channelCount,
  };
}
