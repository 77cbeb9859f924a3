/** Request-reply entry points of the admin audit log (`dcp.rpc.sso.admin.audit.*`, written and read by the edge). */
import { Inject, Injectable } from '@nestjs/common';
import { SSO_AUDIT_RPC } from '@dcp/contracts';
import { RUNTIME_CONTEXT, type RuntimeContext, ServiceOperations } from '@dcp/runtime';
import { CompleteAdminAuditUseCase } from './complete-admin-audit.use-case';
import { ListAdminAuditUseCase } from './list-admin-audit.use-case';
import { RecordAdminAuditUseCase } from './record-admin-audit.use-case';

@Injectable()
export class AdminAuditRpcHandlers {
  constructor(
    @Inject(RUNTIME_CONTEXT) private readonly ctx: RuntimeContext,
    private readonly record: RecordAdminAuditUseCase,
    private readonly complete: CompleteAdminAuditUseCase,
    private readonly list: ListAdminAuditUseCase,
  ) {}

  register(): void {
    const ops = new ServiceOperations(this.ctx, 'sso');
    ops.contract(SSO_AUDIT_RPC.record, 'admin.audit.record', (req) => this.record.execute(req));
    ops.contract(SSO_AUDIT_RPC.complete, 'admin.audit.complete', (req) => this.complete.execute(req));
    ops.contract(SSO_AUDIT_RPC.list, 'admin.audit.list', (req) => this.list.execute(req));
  }
}
