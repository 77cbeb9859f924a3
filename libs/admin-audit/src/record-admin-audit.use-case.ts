/** Records a changing admin call before the edge forwards it (pending), or a refusal at once (AU3). */
import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { type RecordAuditRequest, SSO_AUDIT_RPC } from '@dcp/contracts';
import { RUNTIME_CLOCK, type Clock, ServesRpc } from '@dcp/runtime';
import { AdminAuditRepository } from './admin-audit.repository';

@Injectable()
export class RecordAdminAuditUseCase {
  constructor(
    private readonly audit: AdminAuditRepository,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
  ) {}

  @ServesRpc(SSO_AUDIT_RPC.record, 'admin.audit.record')
  async execute(request: RecordAuditRequest): Promise<{ id: string }> {
    const id = randomUUID();
    await this.audit.insert({ id, requestedAt: new Date(this.clock.now()), entry: request });
    return { id };
  }
}
