/** ADMIN_LOOKUP_RPC.getUser: one shadow user by openId or by userId (ADMIN_NOT_FOUND when there is none). */
import { Injectable } from '@nestjs/common';
import { type AdminUserView, ErrorCode, PlatformError, ADMIN_LOOKUP_RPC } from '@dcp/contracts';
import { AdminUserReads } from './admin-user.reads';
import { toAdminUserView } from './admin-user.mapper';
import { ServesRpc } from '@dcp/runtime';

@Injectable()
export class GetUserAdminUseCase {
  constructor(private readonly users: AdminUserReads) {}

  @ServesRpc(ADMIN_LOOKUP_RPC.getUser, 'admin.get_user')
  async execute(request: { openId?: string; userId?: number }): Promise<AdminUserView> {
    const user = request.openId !== undefined ? await this.users.findByOpenId(request.openId) : await this.users.findById(request.userId!);
    if (!user) throw new PlatformError(ErrorCode.ADMIN_NOT_FOUND, request.openId !== undefined ? `no user with openId ${request.openId}` : `no user ${request.userId}`);
    return toAdminUserView(user);
  }
}
