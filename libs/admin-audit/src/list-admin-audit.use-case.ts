/**
 * GET /admin/v1/audit: newest first, filtered and paged by cursor (or a bounded offset); the total is exact up
 * to EXACT_LIST_TOTAL_UP_TO, else estimated (libs/contracts/src/admin-paging.ts). A bad parameter answers
 * ADMIN_VALIDATION_FAILED naming it.
 */
import { Injectable } from '@nestjs/common';
import { type AuditEntryView, type ListPage, listPaging, parseAuditListQuery, SSO_AUDIT_RPC } from '@dcp/contracts';
import { ServesRpc } from '@dcp/runtime';
import { z } from 'zod';
import { toAuditEntryView } from './admin-audit.mapper';
import { AdminAuditRepository } from './admin-audit.repository';

/** The audit log's pages, by (time in epoch ms, seq) of the last entry shown. */
const AUDIT_PAGES = listPaging('audit', z.tuple([z.number().int().nonnegative(), z.string().regex(/^\d{1,19}$/)]));

@Injectable()
export class ListAdminAuditUseCase {
  constructor(private readonly audit: AdminAuditRepository) {}

  @ServesRpc(SSO_AUDIT_RPC.list, 'admin.audit.list')
  async execute(request: { query: Record<string, unknown> }): Promise<ListPage<AuditEntryView>> {
    const { limit, offset, cursor, ...filter } = parseAuditListQuery(request.query);
    const page = AUDIT_PAGES.resolve({ limit, offset, cursor }, filter, 'parameter');
    const { items, ...total } = await this.audit.page(filter, page);
    return AUDIT_PAGES.answer(items, page, filter, total, (e) => [e.requestedAt.getTime(), e.seq], toAuditEntryView);
  }
}
