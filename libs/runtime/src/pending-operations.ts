/**
 * Operations of the gateway catalogue that a service owns but does not implement yet answer
 * FC_SERVICE_NOT_IMPLEMENT (009999) from the owning service itself — the edge still routes them, so the
 * day an operation lands only its owner changes.
 */
import { ErrorCode, OPERATIONS, PlatformError, type ServiceName, gatewaySubject } from '@dcp/contracts';
import type { RpcServer } from '@dcp/messaging';

export function registerPendingOperations(rpcServer: RpcServer, owner: ServiceName, implemented: readonly string[] = []): string[] {
  const pending = OPERATIONS.filter((op) => op.owner === owner && !implemented.includes(op.service));
  for (const op of pending) {
    rpcServer.handle(gatewaySubject(op.service), async () => {
      throw new PlatformError(ErrorCode.FC_SERVICE_NOT_IMPLEMENT, `${op.service} is not available yet`);
    });
  }
  return pending.map((op) => op.service);
}
