/**
 * A device's cloud-recording stream for one owner (decisions CU3): what the authorization records hand the app
 * (userTag, streamId) and what a camera signs its uploads with (the streamId, as the HMAC key).
 */
export interface CameraStream {
  id: number;
  /** Canonical MAC. */
  ipcMac: string;
  userId: number;
  /** The owner's storeTag (sso-service), the records' userTag. */
  userTag: string;
  /** 32 lower-case hex characters: 128 random bits, the camera's signing key. */
  streamId: string;
}

/** What is stored: the streamId only as a SecretBox ciphertext bound to the device and owner. */
export interface StoredCameraStream extends Omit<CameraStream, 'streamId'> {
  streamCiphertext: string;
}

export const STREAM_ID_BYTES = 16;
