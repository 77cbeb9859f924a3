/**
 * The `camera_ingest` scenario's load: seeded cameras (./seed.ts `seedCameras`) uploading 4-second MPEG-TS
 * segments with `POST /camera/v1/segments?mac&userTag&start&duration&type&timestamp&signature` (decisions CU1,
 * CU2), round-robin over the cameras, every request freshly signed with the camera's streamId.
 *
 * Starts: each camera has its own counter per side (platform of each mode, baseline), and segment k starts at
 * `base + 4·k`, `base` a day before the bench started: increasing per camera (never out of order, CU5; never
 * the same idempotency key twice), never in the future. That leaves room for about 21,600 + 75 segments per
 * camera and side in a run, far more than a run sends (a camera of 1,000 at 1,000 uploads/s sends one a second).
 * The body is the same segment every time; its SHA-256 is computed once (the bench is the load generator, not
 * the subject), the HMAC over the ten lines per request.
 */
import type { Request } from 'autocannon';
import { readFileSync } from 'node:fs';
import { CAMERA_OPERATIONS, CAMERA_SIGNATURE_LABEL, bodyDigest, signCameraText } from '@dcp/signing';
import type { SeededCamera } from './seed';

export const SEGMENT_SECONDS = 4;
/** How far back the first segment of every camera starts (s). */
const BASE_OFFSET_S = 86_400;

/** A real 4-s H.264 segment (~108 KB) of the camera simulator, or 188-byte null packets padded to ~100 KB. */
export function loadSegment(fixture: string): Buffer {
  try {
    return readFileSync(fixture);
  } catch {
    return nullPackets(532);
  }
}

/** `count` MPEG-TS null packets (PID 0x1FFF), 188 bytes each. */
export function nullPackets(count: number): Buffer {
  const packet = Buffer.alloc(188, 0xff);
  packet[0] = 0x47;
  packet[1] = 0x1f;
  packet[2] = 0xff;
  packet[3] = 0x10;
  return Buffer.concat(Array.from({ length: count }, () => packet));
}

export interface UploadValues {
  mac: string;
  userTag: string;
  start: string;
  duration: string;
  type: string;
  timestamp: string;
}

/**
 * The signature of `signCameraRequest` (libs/signing/src/camera-upload.ts) with the body's digest given: the
 * same ten lines, keyed with the streamId (camera-ingest.spec.ts checks they agree).
 */
export function signUpload(streamId: string, v: UploadValues, digest: string): string {
  const { method, path } = CAMERA_OPERATIONS.segment;
  return signCameraText(streamId, [CAMERA_SIGNATURE_LABEL, method, path, v.mac, v.userTag, v.start, v.duration, v.type, v.timestamp, digest].join('\n'));
}

/** The upload's path with its query string (the protocol's seven values). */
export function uploadPath(camera: SeededCamera, start: number, nowS: number, digest: string): string {
  const v: UploadValues = { mac: camera.mac, userTag: camera.userTag, start: String(start), duration: String(SEGMENT_SECONDS), type: '0', timestamp: String(nowS) };
  return `${CAMERA_OPERATIONS.segment.path}?${new URLSearchParams({ ...v, signature: signUpload(camera.streamId, v, digest) })}`;
}

/** Per side (its MAC prefix): the next segment number of each camera, kept across runs. */
const counters = new Map<string, Map<string, number>>();
const baseStart = Math.floor(Date.now() / 1000) - BASE_OFFSET_S;

/** The pipeline: one upload per request, cameras round-robin, each with its next start. */
export function cameraUploads(cameras: readonly SeededCamera[], body: Buffer, side: string): Request[] {
  if (cameras.length === 0) throw new Error('camera_ingest: no cameras were seeded');
  const digest = bodyDigest(body);
  let next = counters.get(side);
  if (!next) counters.set(side, (next = new Map()));
  const perCamera = next;
  let turn = 0;
  const headers = { 'content-type': 'video/mp2t' };
  return [
    {
      method: 'POST',
      path: CAMERA_OPERATIONS.segment.path,
      setupRequest: (req) => {
        const camera = cameras[turn++ % cameras.length];
        const k = perCamera.get(camera.mac) ?? 0;
        perCamera.set(camera.mac, k + 1);
        // A fresh headers object: autocannon writes Content-Length into the one it is given.
        return { ...req, path: uploadPath(camera, baseStart + SEGMENT_SECONDS * k, Math.floor(Date.now() / 1000), digest), headers: { ...headers }, body };
      },
    },
  ];
}

/** The refusal code of a camera answer (`errorCode`, else `HTTP <status>`), or undefined when it was stored (201) or a duplicate (200). */
export function cameraRefusal(status: number, body: string): string | undefined {
  let code: string | undefined;
  try {
    const parsed = JSON.parse(body) as { errorCode?: unknown };
    code = typeof parsed.errorCode === 'string' ? parsed.errorCode : undefined;
  } catch {
    code = undefined;
  }
  if ((status === 200 || status === 201) && code === '000000') return undefined;
  return code && code !== '000000' ? code : `HTTP ${status}`;
}
