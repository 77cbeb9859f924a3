/**
 * `GET /admin/v1/devices/{mac}`: the operator's whole view of one device. device-service's device is the root
 * (unknown or unbound: ADMIN_NOT_FOUND; no answer: the route fails); then, at once, its owner (sso-service),
 * the owner's grants on it and its current service (permission-service, the rules of
 * fcmall.get_current_service) and a summary of its recordings (storage-service), each a part that may carry
 * its own error instead. The grants page on by `cursor` (the grants part's nextCursor); a cursor or page
 * permission-service refuses as invalid (AD0400) is the answer, not the part's error.
 */
import { ADMIN_LOOKUP_RPC, type DeviceLookupView, adminMac, deviceLookupViewSchema, listPageRequestSchema, parseAdminBody } from '@dcp/contracts';
import { type AdminRpc, composition, part, refusedRequest } from '../admin-composition';

export interface DeviceLookupRequest {
  mac: string;
  /** The page of the device's grants. */
  limit?: unknown;
  offset?: unknown;
  cursor?: unknown;
}

export async function lookUpDevice(request: DeviceLookupRequest, rpc: AdminRpc): Promise<DeviceLookupView> {
  const macAddr = adminMac(request.mac);
  const page = parseAdminBody(listPageRequestSchema, { limit: request.limit, offset: request.offset, cursor: request.cursor });
  const device = await rpc.request(ADMIN_LOOKUP_RPC.getDevice, { macAddr });
  const { userId } = device;
  const [owner, grants, currentService, recordings] = await Promise.all([
    part(() => rpc.request(ADMIN_LOOKUP_RPC.getUser, { userId })),
    part(() => rpc.request(ADMIN_LOOKUP_RPC.deviceGrants, { userId, macAddr, ...page })),
    part(() => rpc.request(ADMIN_LOOKUP_RPC.currentService, { userId, macAddr, supportStore: device.supportStore === 1 })),
    part(() => rpc.request(ADMIN_LOOKUP_RPC.recordingSummary, { userId, macAddr })),
  ]);
  refusedRequest({ cursor: grants });
  return { device, owner, grants, currentService, recordings };
}

export const DEVICE_LOOKUP = composition(deviceLookupViewSchema, lookUpDevice);
