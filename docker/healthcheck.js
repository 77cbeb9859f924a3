// Docker HEALTHCHECK for every APP of the image (Kubernetes ignores it and uses its own probes).
// Asks the app's liveness endpoint on the port the app really listens on — the same variables and
// defaults as libs/runtime/src/config/ (config.ts, edge-settings.ts) — and exits 0 (healthy) or 1 (unhealthy).
'use strict';
const http = require('node:http');

const app = process.env.APP || '';
const port = (name, fallback) => Number(process.env[name] || fallback);

/** @returns {{ port: number, path: string } | null} null: nothing long-running to check */
function target() {
  switch (app) {
    case '':
    case 'migrate':
      return null;
    case 'gateway-edge':
    case 'platform':
      return { port: port('PORT', 3000), path: '/health/live' };
    case 'merchant-sandbox':
      // The reference merchant has no health route: any HTTP answer proves it is serving.
      return { port: port('SANDBOX_PORT', 4000), path: '/' };
    default:
      return { port: port('HEALTH_PORT', 9000), path: '/health/live' };
  }
}

const t = target();
if (!t) process.exit(0);
const healthy = (status) => (t.path === '/' ? status < 500 : status === 200);
const req = http.get({ host: '127.0.0.1', port: t.port, path: t.path, timeout: 2500 }, (res) => {
  res.resume();
  process.exit(healthy(res.statusCode) ? 0 : 1);
});
req.on('timeout', () => req.destroy(new Error('timeout')));
req.on('error', (err) => {
  process.stderr.write(`healthcheck ${app} :${t.port}${t.path}: ${err.message}\n`);
  process.exit(1);
});
