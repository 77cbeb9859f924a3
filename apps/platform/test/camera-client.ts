/**
 * A camera as the e2e specs drive it: the five values its app gave it (userTag, streamId, the API URL, its MAC)
 * and the upload protocol's two requests, signed as libs/signing/src/camera-upload.ts says — nothing else.
 */
import { CAMERA_OPERATIONS, signCameraRequest } from '@dcp/signing';
import type { ShiftableClock } from '@dcp/testing';

export interface CameraValues {
  apiUrl: string;
  mac: string;
  userTag: string;
  streamId: string;
}

export interface CameraAnswer {
  status: number;
  body: { errorCode: string; failureDetails?: string; serverTime?: number; data?: Record<string, unknown> };
  headers: Headers;
}

export interface SegmentToSend {
  start: number;
  duration?: string;
  type?: number;
  body: Buffer;
  /** Epoch seconds to sign with (default: the platform clock). */
  timestamp?: number;
  /** Signed as this MAC (default: the camera's). */
  mac?: string;
  /** Where to send it (default: the upload URL the discovery answered, or the API URL's). */
  url?: string;
}

export class TestCamera {
  constructor(
    readonly values: CameraValues,
    private readonly clock: Pick<ShiftableClock, 'now'>,
  ) {}

  private now(): string {
    return String(Math.floor(this.clock.now() / 1000));
  }

  async uploadTarget(timestamp = this.now()): Promise<CameraAnswer> {
    const { mac, userTag, streamId, apiUrl } = this.values;
    const signature = signCameraRequest(streamId, { operation: 'uploadTarget', mac, userTag, timestamp });
    const query = new URLSearchParams({ mac, userTag, timestamp, signature });
    return answer(await fetch(`${apiUrl}${CAMERA_OPERATIONS.uploadTarget.path}?${query}`));
  }

  async upload(segment: SegmentToSend): Promise<CameraAnswer> {
    const { userTag, streamId, apiUrl } = this.values;
    const mac = segment.mac ?? this.values.mac;
    const fields = { mac, userTag, start: String(segment.start), duration: segment.duration ?? '4', type: String(segment.type ?? 0), timestamp: String(segment.timestamp ?? this.now()) };
    const signature = signCameraRequest(streamId, { operation: 'segment', ...fields, body: segment.body });
    return this.send(segment.url ?? `${apiUrl}${CAMERA_OPERATIONS.segment.path}`, new URLSearchParams({ ...fields, signature }), segment.body);
  }

  /** Sends exactly these query values and body (a captured or tampered request). */
  async send(url: string, query: URLSearchParams, body: Buffer, contentType = 'video/mp2t'): Promise<CameraAnswer> {
    return answer(await fetch(`${url}?${query}`, { method: 'POST', headers: { 'content-type': contentType }, body }));
  }
}

async function answer(res: Response): Promise<CameraAnswer> {
  return { status: res.status, body: (await res.json()) as CameraAnswer['body'], headers: res.headers };
}
