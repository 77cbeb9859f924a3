/** Completes a pending audit entry with the answer the edge gave (AU3); a second completion changes nothing. */
import { Inject, Injectable } from '@nestjs/common';
import { type AuditOutcome, SSO_AUDIT_RPC } from '@dcp/contracts';
import { RUNTIME_CLOCK, type Clock, ServesRpc } from '@dcp/runtime';
import { AdminAuditRepository } from './admin-audit.repository';

@Injectable()
export class CompleteAdminAuditUseCase {
  constructor(
    private readonly audit: AdminAuditRepository,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
  ) {}

  @ServesRpc(SSO_AUDIT_RPC.complete, 'admin.audit.complete')
  async execute(request: { id: string; outcome: AuditOutcome }): Promise<{ completed: boolean }> {
    return { completed: await this.audit.complete(request.id, request.outcome, new Date(this.clock.now())) };
  }
}
