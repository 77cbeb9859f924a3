/** Releases in creation order, optionally of one model, one page (operator API). */
import { Inject, Injectable } from '@nestjs/common';
import { resolvePage, FIRMWARE_RPC } from '@dcp/contracts';
import type { ReleaseView } from '@dcp/contracts';
import { toReleaseView } from './release.mapper';
import { ReleaseRepository, type ReleaseStore } from './release.repository';
import { ServesRpc } from '@dcp/runtime';

@Injectable()
export class ListReleasesUseCase {
  constructor(@Inject(ReleaseRepository) private readonly releases: ReleaseStore) {}

  @ServesRpc(FIRMWARE_RPC.listReleases, 'admin.list_releases')
  async execute(request: { machineTypeName?: string; limit?: number; offset?: number }): Promise<{ items: ReleaseView[]; total: number }> {
    const { limit, offset } = resolvePage(request);
    const { items, total } = await this.releases.page({ machineTypeName: request.machineTypeName || undefined }, limit, offset);
    return { items: items.map(toReleaseView), total };
  }
}
