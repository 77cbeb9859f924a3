/**
 * ADMIN_LOOKUP_RPC.playback (`POST /admin/v1/devices/{mac}/playback` `{start, end}`): the signed playlist URLs
 * record.play gives apps (playlist-urls.ts), for the operator's window. The window is checked as record.play
 * checks its own: whole epoch seconds, at most playWindowSeconds (6 h) long, and the device's current owner
 * must have a recording in it (record.play: 000006 naming recordSt; here ADMIN_VALIDATION_FAILED naming start).
 */
import { Injectable } from '@nestjs/common';
import { type AdminPlaybackView, ErrorCode, PlatformError, STORAGE_LIMITS, adminMac, adminPlaybackBodySchema, parseAdminBody, ADMIN_LOOKUP_RPC } from '@dcp/contracts';
import { PlaylistUrls } from '../playback/playlist-urls';
import { SegmentRepository } from '../recordings/segment.repository';
import { SessionAuthenticator } from '../session/session-authenticator';
import { ServesRpc } from '@dcp/runtime';

@Injectable()
export class AdminPlaybackUseCase {
  constructor(
    private readonly owners: SessionAuthenticator,
    private readonly segments: SegmentRepository,
    private readonly urls: PlaylistUrls,
  ) {}

  @ServesRpc(ADMIN_LOOKUP_RPC.playback, 'admin.playback')
  async execute(request: { mac: string; body?: unknown }): Promise<AdminPlaybackView> {
    const macAddr = adminMac(request.mac);
    const { start, end } = parseAdminBody(adminPlaybackBodySchema, request.body);
    if (end <= start) throw invalid('end', 'must be after start');
    if (end - start > STORAGE_LIMITS.playWindowSeconds) throw invalid('end', `must be at most ${STORAGE_LIMITS.playWindowSeconds} seconds (${STORAGE_LIMITS.playWindowSeconds / 3600} hours) after start`);
    const owner = await this.owners.currentOwner(macAddr);
    if (owner === undefined) throw new PlatformError(ErrorCode.ADMIN_NOT_FOUND, `no device ${macAddr} is bound`);
    if (!(await this.segments.hasOverlapping(macAddr, owner, start, end))) throw invalid('start', 'the device has no recording between start and end');
    const issued = this.urls.issue(macAddr, start, end);
    return { macAddr, start, end, ...issued };
  }
}

function invalid(field: string, message: string): PlatformError {
  return new PlatformError(ErrorCode.ADMIN_VALIDATION_FAILED, `invalid field ${field}: ${message}`);
}
