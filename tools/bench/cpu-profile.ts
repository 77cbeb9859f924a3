/**
 * Preloaded into the platform's processes by the row_costs bench (`NODE_OPTIONS=--require …/cpu-profile.js`,
 * BENCH_CPU_PROF_DIR; Node refuses `--cpu-prof` in NODE_OPTIONS). SIGUSR2 starts the V8 profiler through the
 * inspector, the next SIGUSR2 stops it and writes `<app>-<pid>-<n>.cpuprofile` (Chrome DevTools' format), so a
 * profile holds the measured calls only, not the start-up or the seeding.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';

const dir = process.env.BENCH_CPU_PROF_DIR;
if (dir) {
  // dist/apps/<app>/src/main.js
  const app = process.argv[1]?.split('/').slice(-3, -2)[0] ?? 'node';
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 100 });
  let running = false;
  let written = 0;
  process.on('SIGUSR2', () => {
    if (!running) {
      session.post('Profiler.start');
      running = true;
      return;
    }
    running = false;
    session.post('Profiler.stop', (err, result) => {
      if (!err) writeFileSync(join(dir, `${app}-${process.pid}-${++written}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
