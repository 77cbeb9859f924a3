/** Models in creation order, one page, optionally those whose machineTypeName contains `q` (operator API). */
import { Inject, Injectable } from '@nestjs/common';
import { type ModelSummaryView, listModelsFilterSchema, parseAdminBody, resolvePage, FIRMWARE_RPC } from '@dcp/contracts';
import type { ModelSummary } from '../releases/release';
import { toModelView } from '../releases/release.mapper';
import { ReleaseRepository, type ReleaseStore } from '../releases/release.repository';
import { ServesRpc } from '@dcp/runtime';

@Injectable()
export class ListModelsUseCase {
  constructor(@Inject(ReleaseRepository) private readonly releases: ReleaseStore) {}

  @ServesRpc(FIRMWARE_RPC.listModels, 'admin.list_models')
  async execute(request: { limit?: number; offset?: number; q?: unknown }): Promise<{ items: ModelSummaryView[]; total: number }> {
    // `q` comes as the query string gave it: a bad one answers ADMIN_VALIDATION_FAILED naming it.
    const filter = parseAdminBody(listModelsFilterSchema, { q: request.q });
    const { limit, offset } = resolvePage(request);
    const { items, total } = await this.releases.pageModels(filter, limit, offset);
    return { items: items.map(toModelSummaryView), total };
  }
}

function toModelSummaryView(m: ModelSummary): ModelSummaryView {
  return { ...toModelView(m), releaseCount: m.releaseCount, activeReleaseCount: m.activeReleaseCount };
}
