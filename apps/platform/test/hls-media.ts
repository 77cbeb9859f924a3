/**
 * What the playback specs share: real H.264 MPEG-TS segments made with Debian's ffmpeg, the cloud-storage
 * host in front of the edge (a plain forwarding proxy, as an ingress would be, whose address is known before
 * the platform starts so it can be PUBLIC_STORE_URL), and the skip rule when ffmpeg is missing.
 */
import { execFile } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { type Server, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';

// The skip rule moved to @dcp/testing (libs use it too); re-exported so the playback specs keep importing it from here.
export { describeWithFfmpeg, missingMediaTools } from '@dcp/testing';

const run = promisify(execFile);

export interface StoreHost {
  readonly url: string;
  /**
   * Where to forward to, once the platform has its port; `/camera/*` to `cameraUrl` when given (storage-service's
   * CAMERA_UPLOAD_PORT, as the Ingress routes it: decisions CU10).
   */
  target(baseUrl: string, cameraUrl?: string): void;
  close(): Promise<void>;
}

/** The cloud-storage host in front of the edge: forwards every request as is (an ingress would). */
export async function startStoreHost(): Promise<StoreHost> {
  let upstream: URL | undefined;
  let cameraUpstream: URL | undefined;
  const server: Server = createServer((req, res) => {
    if (!upstream) {
      res.writeHead(503).end();
      return;
    }
    const to = cameraUpstream && req.url?.startsWith('/camera/') ? cameraUpstream : upstream;
    const up = request({ host: '127.0.0.1', port: to.port, method: req.method, path: req.url, headers: req.headers }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
    });
    up.on('error', () => res.writeHead(502).end());
    req.pipe(up);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    target: (baseUrl, cameraUrl) => {
      upstream = new URL(baseUrl);
      cameraUpstream = cameraUrl ? new URL(cameraUrl) : undefined;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Encodes `seconds` of a test pattern at 10 fps (a key frame every second), cut into 2-second MPEG-TS segments. */
export async function encodeSegments(dir: string, name: string, source: string, seconds: number): Promise<Buffer[]> {
  await run('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', `${source}=size=160x120:rate=10`, '-t', String(seconds), '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-g', '10', '-f', 'segment', '-segment_time', '2', '-segment_format', 'mpegts', join(dir, `${name}%02d.ts`)]);
  return readdirSync(dir)
    .filter((f) => f.startsWith(name))
    .sort()
    .map((f) => readFileSync(join(dir, f)));
}
