/** Business errors of the device operations (spec 7.3), with failureDetails naming the device. */
import { ErrorCode, PlatformError } from '@dcp/contracts';

/** 020041: also what a device of another user looks like to update, delete and query (no ownership leak). */
export function deviceNotFound(macAddr: string): PlatformError {
  return new PlatformError(ErrorCode.FC_ACCOUNT_USER_IPC_SETTING_NOT_EXISTS, `device setting does not exist: no device ${macAddr} for this user`);
}

export function deviceAlreadyAdded(macAddr: string): PlatformError {
  return new PlatformError(ErrorCode.FC_ACCOUNT_USER_IPC_SETTING_ALREADY_EXISTS, `device ${macAddr} is already added for this user`);
}

export function deviceAddedByOthers(macAddr: string): PlatformError {
  return new PlatformError(ErrorCode.FC_ACCOUNT_THE_IPC_HAS_BEEN_ADDED_BY_OTHERS, `device ${macAddr} was added by another user`);
}
