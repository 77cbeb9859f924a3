/** One grant by id (operator API); a non-numeric or unknown id → ADMIN_NOT_FOUND. */
import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode, PlatformError, type GrantView, PERMISSION_RPC } from '@dcp/contracts';
import { parseGrantId } from './grant';
import { toGrantView } from './grant.mapper';
import { GrantRepository, type GrantStore } from './grant.repository';
import { ServesRpc } from '@dcp/runtime';

@Injectable()
export class GetGrantUseCase {
  constructor(@Inject(GrantRepository) private readonly grants: GrantStore) {}

  @ServesRpc(PERMISSION_RPC.getGrant, 'admin.get_grant')
  async execute(request: { grantId: string }): Promise<GrantView> {
    const id = parseGrantId(request.grantId);
    const grant = id === undefined ? null : await this.grants.findById(id);
    if (!grant) throw new PlatformError(ErrorCode.ADMIN_NOT_FOUND, `no grant ${request.grantId.slice(0, 64)}`);
    return toGrantView(grant);
  }
}
