/**
 * `npm run camera`: a network camera uploading real MPEG-TS recordings to the platform with the camera upload
 * protocol, given the five values its app would give it. One line per upload, a summary at the end; Ctrl-C
 * stops it cleanly. Exit code 1 on bad arguments or when the platform refuses the credentials (CR0401).
 */
import { parseArgs } from 'node:util';
import { type CameraOptions, type CameraReport, SimulatedCamera } from './camera';
import { CLIP_SECONDS } from './recorder';

const USAGE = `usage: npm run camera -- --api http://localhost:3000 --mac 06:62:6E:63:FB:A5 --user-tag <userTag> --stream-id <32 hex>
         [--seconds 60] [--segment-seconds ${CLIP_SECONDS}] [--motion-every 5] [--asap]
  (or CAMERA_API, CAMERA_MAC, CAMERA_USER_TAG, CAMERA_STREAM_ID in the environment)
  --seconds          how long to record (default: until Ctrl-C)
  --segment-seconds  segment length, a multiple of ${CLIP_SECONDS} (default ${CLIP_SECONDS})
  --motion-every     every Nth segment is a motion recording, type 2 (default 5; 0 never)
  --asap             upload the last --seconds of footage as fast as the platform takes it, instead of in real time`;

class UsageError extends Error {}

function parseOptions(argv: string[], env: NodeJS.ProcessEnv): CameraOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      api: { type: 'string' },
      mac: { type: 'string' },
      'user-tag': { type: 'string' },
      'stream-id': { type: 'string' },
      seconds: { type: 'string' },
      'segment-seconds': { type: 'string' },
      'motion-every': { type: 'string' },
      asap: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) throw new UsageError('');
  const apiUrl = required('--api', values.api ?? env.CAMERA_API);
  if (!/^https?:\/\/[^/]+/.test(apiUrl)) throw new UsageError(`--api must be an http(s) URL, got "${apiUrl}"`);
  const mac = required('--mac', values.mac ?? env.CAMERA_MAC);
  if (!/^[0-9A-Fa-f]{2}([:-]?[0-9A-Fa-f]{2}){5}$/.test(mac)) throw new UsageError(`--mac must be a MAC address (12 hex digits), got "${mac}"`);
  const streamId = required('--stream-id', values['stream-id'] ?? env.CAMERA_STREAM_ID);
  if (!/^[0-9A-Fa-f]{32}$/.test(streamId)) throw new UsageError('--stream-id must be the 32 hex characters the app gave');
  return {
    apiUrl,
    mac,
    userTag: required('--user-tag', values['user-tag'] ?? env.CAMERA_USER_TAG),
    streamId,
    durationSeconds: values.seconds === undefined ? undefined : positiveNumber('--seconds', values.seconds),
    segmentSeconds: values['segment-seconds'] === undefined ? CLIP_SECONDS : positiveNumber('--segment-seconds', values['segment-seconds']),
    motionEvery: values['motion-every'] === undefined ? 5 : wholeNumber('--motion-every', values['motion-every']),
    pace: values.asap ? 'asap' : 'realtime',
  };
}

function required(flag: string, value: string | undefined): string {
  if (!value) throw new UsageError(`${flag} is required`);
  return value;
}

function positiveNumber(flag: string, text: string): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw new UsageError(`${flag} must be a positive number of seconds, got "${text}"`);
  return value;
}

function wholeNumber(flag: string, text: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0) throw new UsageError(`${flag} must be a whole number, got "${text}"`);
  return value;
}

function summary(report: CameraReport): string {
  const { recorded, uploaded, duplicates, retries, dropped, refusals } = report.counters;
  const refused = Object.entries(refusals).map(([code, count]) => `${code}×${count}`).join(' ') || 'none';
  return `summary: ${recorded} recorded, ${uploaded} stored, ${duplicates} duplicate(s), ${dropped} dropped, ${retries} retries; refusals: ${refused}; stopped: ${report.stoppedBy}`;
}

/** What the operator must do after a stop that is not the end of the recording. */
const STOP_ADVICE: Partial<Record<CameraReport['stoppedBy'], string>> = {
  'credentials-refused': 'the platform refused these credentials (CR0401): ask the app for new values (userTag, streamId)',
  'bad-request': 'the platform refused a parameter (CR0400): check --mac and --user-tag',
  'no-plan': 'the device has no active cloud-recording plan (CR0403)',
};

async function main(): Promise<number> {
  let options: CameraOptions;
  try {
    options = parseOptions(process.argv.slice(2), process.env);
  } catch (error) {
    if (error instanceof UsageError && !error.message) {
      process.stdout.write(`${USAGE}\n`); // --help
      return 0;
    }
    process.stderr.write(`camera: ${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`);
    return 1;
  }
  const stop = new AbortController();
  const onSignal = () => {
    if (stop.signal.aborted) process.exit(130); // A second Ctrl-C: leave now.
    process.stdout.write('\nstopping (Ctrl-C again to quit at once)\n');
    stop.abort();
  };
  process.on('SIGINT', onSignal).on('SIGTERM', onSignal);

  let camera: SimulatedCamera;
  try {
    camera = new SimulatedCamera({ ...options, signal: stop.signal, log: (line) => process.stdout.write(`${line}\n`) });
  } catch (error) {
    process.stderr.write(`camera: ${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`);
    return 1;
  }
  process.stdout.write(`camera ${options.mac} (userTag ${options.userTag}) → ${options.apiUrl}, ${options.pace}, ${options.segmentSeconds}-s segments, ${options.durationSeconds ?? '∞'} s\n`);
  const report = await camera.run();
  process.stdout.write(`${summary(report)}\n`);
  const advice = STOP_ADVICE[report.stoppedBy];
  if (advice) process.stderr.write(`camera: ${advice}${report.detail ? ` — ${report.detail}` : ''}\n`);
  return report.stoppedBy === 'credentials-refused' || report.stoppedBy === 'bad-request' ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`camera: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
