/**
 * ADMIN_LOOKUP_RPC.recordings (`GET /admin/v1/devices/{mac}/recordings`): without `day` one page of the UTC
 * days with recordings (record.date.query's days), with `day` one page of that day's clips (record.query's
 * clips over 00:00:00–23:59:59 UTC: start, end, type). The device's current owner comes from device-service,
 * as for playback (CS11); a device nobody has bound answers ADMIN_NOT_FOUND. Bad parameters answer
 * ADMIN_VALIDATION_FAILED naming them.
 */
import { Injectable } from '@nestjs/common';
import { ErrorCode, PlatformError, type RecordingsView, adminMac, parseAdminBody, recordingsQuerySchema, resolvePage, ADMIN_LOOKUP_RPC } from '@dcp/contracts';
import { FootageIndex } from '../recordings/footage-index';
import { FootagePurges } from '../retention/footage-purges';
import { SessionAuthenticator } from '../session/session-authenticator';
import { SECONDS_PER_DAY, dayStart, isoDay } from './admin-days';
import { ServesRpc } from '@dcp/runtime';

@Injectable()
export class AdminRecordingsUseCase {
  constructor(
    private readonly owners: SessionAuthenticator,
    private readonly index: FootageIndex,
    private readonly purges: FootagePurges,
  ) {}

  @ServesRpc(ADMIN_LOOKUP_RPC.recordings, 'admin.recordings')
  async execute(request: { mac: string; day?: unknown; limit?: unknown; offset?: unknown }): Promise<RecordingsView> {
    const macAddr = adminMac(request.mac);
    const query = parseAdminBody(recordingsQuerySchema, { day: request.day, limit: request.limit, offset: request.offset });
    const from = query.day === undefined ? undefined : dayStart(query.day);
    const { limit, offset } = resolvePage(query);
    const owner = await this.owners.currentOwner(macAddr);
    if (owner === undefined) throw new PlatformError(ErrorCode.ADMIN_NOT_FOUND, `no device ${macAddr} is bound`);
    // Footage being purged (CS21) is shown to nobody, the operator included.
    const purging = await this.purges.pending(macAddr, owner);
    if (from === undefined || query.day === undefined) {
      const days = purging ? [] : (await this.index.recordedDays(macAddr, owner)).map(isoDay);
      return { macAddr, days: days.slice(offset, offset + limit), total: days.length };
    }
    const clips = (await this.index.recordList(macAddr, owner, purging ? Number.POSITIVE_INFINITY : from * 1000, from + SECONDS_PER_DAY - 1)).map((c) => ({ start: c.start, end: Math.ceil(c.endMs / 1000), type: c.type }));
    return { macAddr, day: query.day, clips: clips.slice(offset, offset + limit), total: clips.length };
  }
}
