/**
 * The edge's answers to the camera routes (libs/runtime camera-routes.ts): storage-service's use cases over
 * the bus, the segment's bytes as base64 in the request (embedded mode, and deployments that route the store
 * host's `/camera` to the edge rather than to storage-service's CAMERA_UPLOAD_PORT; decisions CU10).
 */
import { STORAGE_RPC } from '@dcp/contracts';
import type { RpcClient } from '@dcp/messaging';
import type { CameraHandlers } from '@dcp/runtime';

export function cameraForwarding(rpcClient: RpcClient): CameraHandlers {
  return {
    uploadTarget: (values) => rpcClient.request(STORAGE_RPC.cameraUploadTarget, values),
    uploadSegment: (values, body) => rpcClient.request(STORAGE_RPC.cameraSegment, { ...values, contentBase64: body.toString('base64') }),
  };
}
