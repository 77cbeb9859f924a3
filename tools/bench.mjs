#!/usr/bin/env node
// Runs the built benchmark (npm run bench builds first). Arguments pass through: scenario names.
// LOG_LEVEL passes through too: the platform's processes run at its default (info) unless it is set.
import { spawnSync } from 'node:child_process';
const r = spawnSync(process.execPath, ['dist/tools/bench/bench.js', ...process.argv.slice(2)], { stdio: 'inherit', env: process.env });
process.exit(r.status ?? 1);
