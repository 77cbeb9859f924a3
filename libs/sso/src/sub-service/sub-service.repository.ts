/**
 * Sub-service information per user (spec 2.7, 8: "data is fixed per user"): created on first use — by the
 * user's app (center.getServerInfo) or by a stream check (the subtoken) — and never changed afterwards.
 */
import { Inject, Injectable } from '@nestjs/common';
import { type CiphertextColumn, RUNTIME_CONFIG, serviceDatabaseToken, staleCiphertexts } from '@dcp/runtime';
import type { SsoDatabase } from '../sso-database.types';
import { randomBase62 } from '../common/random';
import type { SsoConfig } from '../sso-config';
import { type SubServiceInfoRecord, withScheme } from './sub-service-info';
import { type StoredSubtoken, Subtokens } from './subtokens';

const TAG_LENGTH = 16;
/** Spec 2.7 shows channelCount without its meaning: one channel per camera (docs/decisions.md). */
const CHANNEL_COUNT = 1;
/** Subtokens with their key-prefix index (sso migration 20261127125213_admin_list_indexes); the row's id is its user_id. */
const STALE_SUBTOKENS: CiphertextColumn = {
  table: '"sso"."sub_service_info"',
  id: '"user_id"',
  ciphertext: '"subtoken_ciphertext"',
  select: 'user_id AS "userId", user_id AS "id", subtoken_ciphertext AS "subtokenCiphertext"',
};

@Injectable()
export class SubServiceRepository {
  constructor(
    @Inject(serviceDatabaseToken('sso')) private readonly db: SsoDatabase,
    @Inject(RUNTIME_CONFIG) private readonly config: Pick<SsoConfig, 'pushQueryUrl' | 'pushSendUrl' | 'publicStoreUrl' | 'voiceAssistantUrl'>,
    private readonly subtokens: Subtokens,
  ) {}

  /**
   * The user's push tag and merchant in one read (every camera alarm asks, decisions PS3); undefined when the
   * user has no sub-service information yet (created on first use: findOrCreate).
   */
  async pushTagOf(userId: number): Promise<{ tag: string; clientId: string } | undefined> {
    const row = await this.db.client.subServiceInfo.findUnique({ where: { userId }, select: { tag: true, user: { select: { merchant: { select: { clientId: true } } } } } });
    return row ? { tag: row.tag, clientId: row.user.merchant.clientId } : undefined;
  }

  /** The user's record, created now if it does not exist; undefined when the user does not exist. */
  async findOrCreate(userId: number, oemCode: string | null): Promise<SubServiceInfoRecord | undefined> {
    const existing = await this.db.client.subServiceInfo.findUnique({ where: { userId } });
    if (existing) return this.toRecord(existing);
    const user = await this.db.client.user.findUnique({ where: { id: userId }, select: { country: true } });
    if (!user) return undefined;
    const { config } = this;
    // Two first calls at once: the primary key keeps the first insert; both read the one that stayed.
    await this.db.client.subServiceInfo.createMany({
      data: [
        {
          userId,
          subtokenCiphertext: this.subtokens.generate(userId),
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
    return created ? this.toRecord(created) : undefined;
  }

  /**
   * Users whose subtoken is not under the current key (a plain one included), after the row `after` in the
   * order of the key-prefix index on subtoken_ciphertext (SK5): an index probe when every subtoken is current.
   */
  staleSubtokens(after: StoredSubtoken | undefined, limit: number): Promise<(StoredSubtoken & { id: number })[]> {
    const position = after === undefined ? undefined : { id: after.userId, ciphertext: after.subtokenCiphertext };
    return this.db.client.$queryRaw<(StoredSubtoken & { id: number })[]>(staleCiphertexts(STALE_SUBTOKENS, this.subtokens.currentPrefix, position, limit));
  }

  /** Writes a re-encrypted subtoken only where the row still holds what was read. */
  async replaceSubtoken(read: StoredSubtoken, reencrypted: StoredSubtoken): Promise<boolean> {
    const { count } = await this.db.client.subServiceInfo.updateMany({
      where: { userId: read.userId, subtokenCiphertext: read.subtokenCiphertext },
      data: { subtokenCiphertext: reencrypted.subtokenCiphertext },
    });
    return count === 1;
  }

  private toRecord(row: Omit<SubServiceInfoRecord, 'subtoken'> & StoredSubtoken & { oemCode: string | null; createdAt: Date }): SubServiceInfoRecord {
    const record = toRecord(row, this.subtokens.read(row));
    // Records created before push-service answered hold no push addresses: they get the deployment's (PS1, PS5).
    if (record.url === '' && record.sendMsgUrl === '') {
      const { pushQueryUrl, pushSendUrl } = this.config;
      return { ...record, url: pushQueryUrl, sendMsgUrl: withScheme(pushSendUrl, 'http'), sendMsgUrlSecure: withScheme(pushSendUrl, 'https') };
    }
    return record;
  }
}

function toRecord(row: Omit<SubServiceInfoRecord, 'subtoken'>, subtoken: string): SubServiceInfoRecord {
  return {
    userId: row.userId,
    subtoken,
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
