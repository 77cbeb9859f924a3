/**
 * permission.camera_stream rows (decisions CU3). At most one live stream per device and owner: the partial
 * unique index keeps the first of two concurrent inserts, and both read the one that stayed.
 */
import { Inject, Injectable } from '@nestjs/common';
import { type CiphertextColumn, serviceDatabaseToken, staleCiphertexts } from '@dcp/runtime';
import type { PermissionDatabase } from '../permission-database.types';
import { GRANT_STATUS } from '../grants/grant';
import type { StoredCameraStream } from './camera-stream';

/** The cloud-recording grant in service on a stream's device (epoch ms). */
export interface StreamPlan {
  grantId: number;
  retentionDays: number;
  planEndsAt: number;
}

interface StreamRow {
  id: bigint;
  ipcMac: string;
  userId: number;
  userTag: string;
  streamCiphertext: string;
}

const toStored = (row: StreamRow): StoredCameraStream => ({ id: Number(row.id), ipcMac: row.ipcMac, userId: row.userId, userTag: row.userTag, streamCiphertext: row.streamCiphertext });
const columns = { id: true, ipcMac: true, userId: true, userTag: true, streamCiphertext: true } as const;
/** streamIds with their key-prefix index (permission migration 20261127125221_admin_list_indexes). */
const STALE_STREAMS: CiphertextColumn = {
  table: '"permission"."camera_stream"',
  id: '"id"',
  ciphertext: '"stream_ciphertext"',
  select: 'id, ipc_mac AS "ipcMac", user_id AS "userId", user_tag AS "userTag", stream_ciphertext AS "streamCiphertext"',
};

@Injectable()
export class CameraStreamRepository {
  constructor(@Inject(serviceDatabaseToken('permission')) private readonly db: PermissionDatabase) {}

  /** The live stream of this device and owner, inserted now when there is none. */
  async findOrInsertLive(fresh: Omit<StoredCameraStream, 'id'>): Promise<StoredCameraStream> {
    await this.db.client.$executeRaw`
      INSERT INTO "permission"."camera_stream" (ipc_mac, user_id, user_tag, stream_ciphertext)
      VALUES (${fresh.ipcMac}, ${fresh.userId}, ${fresh.userTag}, ${fresh.streamCiphertext})
      ON CONFLICT (ipc_mac, user_id) WHERE revoked_at IS NULL DO NOTHING`;
    const live = await this.liveOf(fresh.userId, [fresh.ipcMac]);
    if (!live[0]) throw new Error(`camera stream of ${fresh.ipcMac} for user ${fresh.userId} was revoked while it was issued`);
    return live[0];
  }

  /** The owner's live streams on these devices. */
  async liveOf(userId: number, ipcMacs: readonly string[]): Promise<StoredCameraStream[]> {
    if (ipcMacs.length === 0) return [];
    const rows = await this.db.client.cameraStream.findMany({ where: { userId, ipcMac: { in: [...ipcMacs] }, revokedAt: null }, select: columns });
    return rows.map(toStored);
  }

  /**
   * The live streams a camera of this MAC may sign with under this userTag (normally one), each with the
   * cloud-recording plan in service on the device for its owner at `now`: the grant active, not revoked, its
   * period not over (GrantRepository.inServiceOf's rule) of a plan with a retention, ending last. One round
   * trip: every camera upload asks it.
   */
  async liveByTagWithPlan(ipcMac: string, userTag: string, now: number): Promise<(StoredCameraStream & { plan: StreamPlan | null })[]> {
    const rows = await this.db.client.$queryRaw<(StreamRow & { grantId: bigint | null; retentionDays: number | null; planEndsAt: Date | null })[]>`
      SELECT s.id, s.ipc_mac AS "ipcMac", s.user_id AS "userId", s.user_tag AS "userTag", s.stream_ciphertext AS "streamCiphertext",
        g.id AS "grantId", g.retention_days AS "retentionDays", g.end_time AS "planEndsAt"
      FROM "permission"."camera_stream" AS s
      LEFT JOIN LATERAL (
        SELECT gr.id, p.retention_days, gr.end_time
        FROM "permission"."grant" AS gr JOIN "permission"."permission" AS p ON p.id = gr.permission_id
        WHERE gr.user_id = s.user_id AND gr.ipc_mac = s.ipc_mac AND gr.grant_status = ${GRANT_STATUS.active}::smallint AND gr.revoked_at IS NULL
          AND gr.end_time > ${new Date(now)}::timestamptz AND p.retention_days IS NOT NULL
        ORDER BY gr.end_time DESC LIMIT 1
      ) AS g ON true
      WHERE s.ipc_mac = ${ipcMac} AND s.user_tag = ${userTag} AND s.revoked_at IS NULL
      LIMIT 4`;
    return rows.map((row) => ({
      ...toStored(row),
      plan: row.grantId === null || row.retentionDays === null || row.planEndsAt === null ? null : { grantId: Number(row.grantId), retentionDays: row.retentionDays, planEndsAt: row.planEndsAt.getTime() },
    }));
  }

  /** Streams whose streamId is not under `currentPrefix`, after `after` in the key-prefix index's order (SK5). */
  async stale(after: StoredCameraStream | undefined, limit: number, currentPrefix: string): Promise<StoredCameraStream[]> {
    const position = after === undefined ? undefined : { id: after.id, ciphertext: after.streamCiphertext };
    const rows = await this.db.client.$queryRaw<StreamRow[]>(staleCiphertexts(STALE_STREAMS, currentPrefix, position, limit));
    return rows.map(toStored);
  }

  /** Writes a re-encrypted streamId only where the row still holds what was read. */
  async replaceCiphertext(read: StoredCameraStream, reencrypted: StoredCameraStream): Promise<boolean> {
    const { count } = await this.db.client.cameraStream.updateMany({ where: { id: BigInt(read.id), streamCiphertext: read.streamCiphertext }, data: { streamCiphertext: reencrypted.streamCiphertext } });
    return count === 1;
  }
}
