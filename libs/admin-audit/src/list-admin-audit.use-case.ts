/** GET /admin/v1/audit: newest first, filtered and paged; a bad parameter answers ADMIN_VALIDATION_FAILED naming it. */
import { Injectable } from '@nestjs/common';
import { type AuditEntryView, parseAuditListQuery, resolvePage, SSO_AUDIT_RPC } from '@dcp/contracts';
import { ServesRpc } from '@dcp/runtime';
import { toAuditEntryView } from './admin-audit.mapper';
import { AdminAuditRepository } from './admin-audit.repository';

@Injectable()
export class ListAdminAuditUseCase {
  constructor(private readonly audit: AdminAuditRepository) {}

  @ServesRpc(SSO_AUDIT_RPC.list, 'admin.audit.list')
  async execute(request: { query: Record<string, unknown> }): Promise<{ items: AuditEntryView[]; total: number }> {
    const { limit: pageLimit, offset: pageOffset, ...filter } = parseAuditListQuery(request.query);
    const { limit, offset } = resolvePage({ limit: pageLimit, offset: pageOffset });
    const { items, total } = await this.audit.page(filter, limit, offset);
    return { items: items.map(toAuditEntryView), total };
  }
}
