require('reflect-metadata');
// testTimeout is a global option that per-project configs cannot set when jest runs every project at once;
// setting it here applies to each project alike. Booting PGlite and a whole platform takes seconds on an idle 2-core
// machine and, being CPU-bound WebAssembly, over 30 s when the machine is saturated (load 20 seen): the limit only
// catches hangs, so it leaves room for that.
jest.setTimeout(90000);
// `npm test` runs with LOG_LEVEL=silent: the process's logger (libs/observability, which every app, Nest and
// Fastify write through) is silent, and Nest's loggers in testing modules that never get it stay quiet too,
// so a failing spec's output is not buried. A spec that checks logs captures them (configureLogging + LogCapture).
if ((process.env.LOG_LEVEL ?? 'info') === 'silent') require('@nestjs/common').Logger.overrideLogger(false);
