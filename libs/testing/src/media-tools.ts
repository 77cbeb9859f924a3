/**
 * The skip rule for specs that need Debian's ffmpeg and ffprobe (real media encoded and checked by the
 * reference tools): run when both are on PATH; otherwise skip loudly, or fail with REQUIRE_INFRA=1.
 */
import { spawnSync } from 'node:child_process';
import { infraRequired } from './infra';

const hasTool = (tool: string) => spawnSync(tool, ['-version'], { stdio: 'ignore' }).status === 0;
export const missingMediaTools = ['ffmpeg', 'ffprobe'].filter((tool) => !hasTool(tool));

/** `describe` when ffmpeg and ffprobe are on PATH; otherwise skipped loudly, or failing with REQUIRE_INFRA=1. */
export function describeWithFfmpeg(name: string, fn: () => void): void {
  if (missingMediaTools.length === 0) {
    describe(name, fn);
    return;
  }
  const why = `${missingMediaTools.join(' and ')} not found on PATH (Debian: apt-get install ffmpeg)`;
  if (infraRequired) {
    describe(name, () => {
      it(`requires ffmpeg (REQUIRE_INFRA=1): ${why}`, () => {
        throw new Error(`REQUIRE_INFRA=1 but ${why}`);
      });
    });
    return;
  }
  process.stderr.write(`\n*** SKIPPED "${name}": ${why}. Set REQUIRE_INFRA=1 to make this a failure. ***\n`);
  // Skipped on purpose: ffmpeg is absent and REQUIRE_INFRA is not set (the line above says so).
  const skipped = describe.skip;
  skipped(name, fn);
}
