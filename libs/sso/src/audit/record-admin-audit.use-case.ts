/** Records a changing admin call before the edge forwards it (pending), or a refusal at once (AU3). */
import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { RecordAuditRequest } from '@dcp/contracts';
import { RUNTIME_CLOCK, type Clock } from '@dcp/runtime';
import { AdminAuditRepository } from './admin-audit.repository';

@Injectable()
export class RecordAdminAuditUseCase {
  constructor(
    private readonly audit: AdminAuditRepository,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
  ) {}

  async execute(request: RecordAuditRequest): Promise<{ id: string }> {
    const id = randomUUID();
    await this.audit.insert({ id, requestedAt: new Date(this.clock.now()), entry: request });
    return { id };
  }
}
