/**
 * Models in creation order, one page, optionally those whose machineTypeName contains `q` (operator API). Paged
 * by cursor or a bounded offset, the total exact or estimated (libs/contracts/src/admin-paging.ts).
 */
import { Inject, Injectable } from '@nestjs/common';
import { type ListPage, type ModelSummaryView, listModelsFilterSchema, listPaging, parseAdminBody, FIRMWARE_RPC } from '@dcp/contracts';
import { ServesRpc } from '@dcp/runtime';
import { z } from 'zod';
import type { ModelSummary } from '../releases/release';
import { toModelView } from '../releases/release.mapper';
import { ReleaseRepository, type ReleaseStore } from '../releases/release.repository';

/** The model list's pages, by model id. */
const MODEL_PAGES = listPaging('firmware-models', z.tuple([z.number().int().positive()]));

@Injectable()
export class ListModelsUseCase {
  constructor(@Inject(ReleaseRepository) private readonly releases: ReleaseStore) {}

  @ServesRpc(FIRMWARE_RPC.listModels, 'admin.list_models')
  async execute(request: { limit?: unknown; offset?: unknown; cursor?: unknown; q?: unknown }): Promise<ListPage<ModelSummaryView>> {
    // `q` comes as the query string gave it: a bad one answers ADMIN_VALIDATION_FAILED naming it.
    const filter = parseAdminBody(listModelsFilterSchema, { q: request.q });
    const page = MODEL_PAGES.resolve(request, filter);
    const { items, ...total } = await this.releases.pageModels(filter, page);
    return MODEL_PAGES.answer(items, page, filter, total, (m) => [m.id], toModelSummaryView);
  }
}

function toModelSummaryView(m: ModelSummary): ModelSummaryView {
  return { ...toModelView(m), releaseCount: m.releaseCount, activeReleaseCount: m.activeReleaseCount };
}
