/** One release by id (operator API); a non-numeric, zero, over-long or unknown id → ADMIN_NOT_FOUND. */
import { Inject, Injectable } from '@nestjs/common';
import { type ReleaseView, FIRMWARE_RPC } from '@dcp/contracts';
import { parseReleaseId, releaseNotFound } from './release';
import { toReleaseView } from './release.mapper';
import { ReleaseRepository, type ReleaseStore } from './release.repository';
import { ServesRpc } from '@dcp/runtime';

@Injectable()
export class GetReleaseUseCase {
  constructor(@Inject(ReleaseRepository) private readonly releases: ReleaseStore) {}

  @ServesRpc(FIRMWARE_RPC.getRelease, 'admin.get_release')
  async execute(request: { id: string }): Promise<ReleaseView> {
    const id = parseReleaseId(request.id);
    const release = id === undefined ? null : await this.releases.findById(id);
    if (!release) throw releaseNotFound(request.id);
    return toReleaseView(release);
  }
}
