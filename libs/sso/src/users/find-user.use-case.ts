/** The shadow account behind an openId, for operators' tools in other services (grants are made by openId). */
import { Inject, Injectable } from '@nestjs/common';
import { serviceDatabaseToken, ServesRpc } from '@dcp/runtime';
import type { AuthenticatedUser } from '@dcp/contracts';
import type { SsoDatabase } from '../sso-database.types';
import { SSO_RPC } from '@dcp/contracts';

@Injectable()
export class FindUserUseCase {
  constructor(@Inject(serviceDatabaseToken('sso')) private readonly db: SsoDatabase) {}

  @ServesRpc(SSO_RPC.ssoFindUser, 'find_user')
  async execute(request: { openId: string }): Promise<{ user: AuthenticatedUser | null }> {
    const found = await this.db.client.user.findUnique({
      where: { openId: request.openId },
      select: { id: true, openId: true, uuid: true, merchant: { select: { clientId: true } } },
    });
    return { user: found ? { userId: found.id, openId: found.openId, clientId: found.merchant.clientId, uuid: found.uuid } : null };
  }
}
