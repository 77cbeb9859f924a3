/**
 * Releases in creation order, optionally of one model, one page (operator API). Paged by cursor or a bounded
 * offset, the total exact or estimated (libs/contracts/src/admin-paging.ts).
 */
import { Inject, Injectable } from '@nestjs/common';
import { type ListPage, type ReleaseView, listPaging, FIRMWARE_RPC } from '@dcp/contracts';
import { ServesRpc } from '@dcp/runtime';
import { z } from 'zod';
import { toReleaseView } from './release.mapper';
import { ReleaseRepository, type ReleaseStore } from './release.repository';

/** The release list's pages, by release id. */
const RELEASE_PAGES = listPaging('releases', z.tuple([z.number().int().positive()]));

@Injectable()
export class ListReleasesUseCase {
  constructor(@Inject(ReleaseRepository) private readonly releases: ReleaseStore) {}

  @ServesRpc(FIRMWARE_RPC.listReleases, 'admin.list_releases')
  async execute(request: { machineTypeName?: string; limit?: unknown; offset?: unknown; cursor?: unknown }): Promise<ListPage<ReleaseView>> {
    const filter = { machineTypeName: request.machineTypeName || undefined };
    const page = RELEASE_PAGES.resolve(request, filter);
    const { items, ...total } = await this.releases.page(filter, page);
    return RELEASE_PAGES.answer(items, page, filter, total, (r) => [r.id], toReleaseView);
  }
}
