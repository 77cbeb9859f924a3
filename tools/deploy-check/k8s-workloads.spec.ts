/**
 * The Deployments and the Job of every overlay match what the apps really do: the port each app listens
 * on (from the runtime configuration and the rendered ConfigMap), its health and metrics routes, its
 * resources, security and shutdown.
 */
import { loadConfig } from '@dcp/runtime';
import type { IContainerPort } from 'kubernetes-models/v1/ContainerPort';
import type { IProbe } from 'kubernetes-models/v1/Probe';
import { matches, podAnnotationsOf, podLabelsOf, podSpecOf, type Container, type K8sObject } from './k8s-objects';
import { envRecord, named, ofKind, overlays, type Overlay } from './k8s-overlays';
import { appDirectories, cameraRoutePrefix, configIntDefaults, DEPLOYED_APPS_EXCLUDED, edgePublicRoutePrefixes, hasMain, registersCameraRoutes } from './workspace';

const defaults = configIntDefaults();

/** APP of a workload container (the app it runs). */
const appOf = (c: Container) => c.env?.find((e) => e.name === 'APP')?.value;

/** Ports the app in this container really listens on, by the runtime configuration's own defaults. */
function listeningPorts(o: Overlay, c: Container): { port: number; serves: string }[] {
  const env = envRecord(o, c);
  const port = (name: string) => Number(env[name] ?? defaults.get(name));
  if (appOf(c) === 'gateway-edge') {
    return [
      { port: port('PORT'), serves: 'public' },
      { port: port('ADMIN_PORT'), serves: 'admin' },
    ];
  }
  const ports = [{ port: port('HEALTH_PORT'), serves: 'health' }];
  // storage-service also serves the camera routes on CAMERA_UPLOAD_PORT when it is set (docs/decisions.md CU10).
  const camera = loadConfig(env).cameraUploads.httpPort;
  if (appOf(c) === 'storage-service' && camera !== undefined && registersCameraRoutes('libs/storage/src')) ports.push({ port: camera, serves: 'camera' });
  return ports;
}

function resolvePort(c: Container, port: string | number): IContainerPort | undefined {
  return (c.ports ?? []).find((p) => p.name === port || p.containerPort === port);
}

function parseQuantity(q: string | number | undefined): number {
  if (q === undefined) return NaN;
  const m = /^(\d+(?:\.\d+)?)(m|Ki|Mi|Gi)?$/.exec(String(q));
  if (!m) return NaN;
  const unit = { m: 1e-3, Ki: 1024, Mi: 1024 ** 2, Gi: 1024 ** 3 }[m[2] ?? ''] ?? 1;
  return Number(m[1]) * unit;
}

describe.each(overlays().map((o) => [o.name, o] as const))('overlay %s', (overlayName, o) => {
  const deployments = ofKind(o, 'Deployment');
  const job = ofKind(o, 'Job').find((j) => j.metadata.labels?.['app.kubernetes.io/name'] === 'migrate');
  const env = (c: Container) => envRecord(o, c);

  describe('Deployments', () => {
    it('exist for gateway-edge and every standalone service app, each startable', () => {
      const expected = appDirectories().filter((a) => !DEPLOYED_APPS_EXCLUDED.has(a));
      expect(deployments.map((d) => d.metadata.name).sort()).toEqual(expected);
      for (const d of deployments) {
        const containers = podSpecOf(d).containers;
        expect(containers.map(appOf)).toEqual([d.metadata.name]);
        expect(hasMain(d.metadata.name)).toBe(true);
      }
    });

    describe.each(deployments.map((d) => [d.metadata.name, d] as const))('%s', (name, d) => {
      const pod = podSpecOf(d);
      const container = pod.containers[0];
      const listening = listeningPorts(o, container);

      it('declares exactly the ports the app listens on', () => {
        expect((container.ports ?? []).map((p) => p.containerPort).sort()).toEqual(listening.map((l) => l.port).sort());
      });

      it.each(['livenessProbe', 'readinessProbe', 'startupProbe'] as const)('%s asks the app on a declared port', (kind) => {
        const probe: IProbe | undefined = container[kind];
        if (kind === 'startupProbe' && !probe) return;
        expect(probe?.httpGet).toBeDefined();
        const declared = resolvePort(container, probe!.httpGet!.port as string | number);
        expect(declared).toBeDefined();
        // Health routes live on the public port (edge) or on HEALTH_PORT (services), never on the admin port.
        expect(listening.find((l) => l.port === declared!.containerPort)?.serves).toBe(name === 'gateway-edge' ? 'public' : 'health');
        expect(probe!.httpGet!.path).toBe(kind === 'readinessProbe' ? '/health/ready' : '/health/live');
      });

      it('gives the readiness checks more time than their own 3 s timeout', () => {
        expect(container.readinessProbe?.timeoutSeconds ?? 1).toBeGreaterThan(3);
      });

      it('is scraped by Prometheus on its /metrics port', () => {
        const a = podAnnotationsOf(d);
        expect(a['prometheus.io/scrape']).toBe('true');
        expect(a['prometheus.io/path']).toBe('/metrics');
        const port = Number(a['prometheus.io/port']);
        expect(listening.find((l) => l.port === port)?.serves).toBe(name === 'gateway-edge' ? 'public' : 'health');
      });

      it('requests and limits CPU and memory, limits above requests, V8 heap under the memory limit', () => {
        const { requests = {}, limits = {} } = container.resources ?? {};
        for (const r of ['cpu', 'memory']) {
          expect(parseQuantity(requests[r])).toBeGreaterThan(0);
          expect(parseQuantity(limits[r])).toBeGreaterThanOrEqual(parseQuantity(requests[r]));
        }
        // Node services: at least 128Mi to boot Nest + Prisma, at most 2Gi for one process.
        expect(parseQuantity(limits.memory)).toBeGreaterThanOrEqual(128 * 1024 ** 2);
        expect(parseQuantity(limits.memory)).toBeLessThanOrEqual(2 * 1024 ** 3);
        const heap = /--max-old-space-size=(\d+)/.exec(env(container).NODE_OPTIONS ?? '');
        if (heap) expect(Number(heap[1]) * 1024 ** 2).toBeLessThan(parseQuantity(limits.memory));
      });

      it('runs as non-root on a read-only root filesystem, with a writable emptyDir /tmp', () => {
        expect(pod.securityContext?.runAsNonRoot).toBe(true);
        expect(pod.securityContext?.runAsUser).toBeGreaterThan(0);
        expect(pod.securityContext?.seccompProfile?.type).toBe('RuntimeDefault');
        const sc = container.securityContext ?? {};
        expect(sc.runAsUser === undefined || sc.runAsUser > 0).toBe(true);
        expect(sc.allowPrivilegeEscalation).toBe(false);
        expect(sc.capabilities?.drop).toContain('ALL');
        expect(sc.readOnlyRootFilesystem).toBe(true);
        const tmp = container.volumeMounts?.find((m) => m.mountPath === '/tmp');
        expect(tmp).toBeDefined();
        expect(pod.volumes?.find((v) => v.name === tmp!.name)?.emptyDir).toBeDefined();
        expect(pod.automountServiceAccountToken).toBe(false);
      });

      it('keeps DATA_DIR on a writable volume', () => {
        const dataDir = env(container).DATA_DIR;
        expect(dataDir).toBeDefined();
        const mount = (container.volumeMounts ?? []).find((m) => dataDir === m.mountPath || dataDir.startsWith(m.mountPath.replace(/\/?$/, '/')));
        expect(mount).toBeDefined();
        expect(mount!.readOnly ?? false).toBe(false);
      });

      it('rolls out without losing capacity and stops gracefully', () => {
        const spec = d.spec as { strategy?: { type?: string; rollingUpdate?: { maxUnavailable?: number | string } } };
        expect(spec.strategy?.type).toBe('RollingUpdate');
        expect(String(spec.strategy?.rollingUpdate?.maxUnavailable)).toMatch(/^0%?$/);
        expect(pod.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(10);
        const preStop = container.lifecycle?.preStop?.exec?.command;
        const sleep = preStop?.[0] === 'sleep' ? Number(preStop[1]) : 0;
        expect(sleep).toBeLessThan(pod.terminationGracePeriodSeconds!);
        // The app's own ordered shutdown (SHUTDOWN_TIMEOUT_MS) ends before Kubernetes kills it.
        const shutdownMs = Number(env(container).SHUTDOWN_TIMEOUT_MS ?? defaults.get('SHUTDOWN_TIMEOUT_MS'));
        expect(defaults.has('SHUTDOWN_TIMEOUT_MS') || env(container).SHUTDOWN_TIMEOUT_MS !== undefined).toBe(true);
        expect(sleep * 1000 + shutdownMs).toBeLessThan(pod.terminationGracePeriodSeconds! * 1000);
      });
    });
  });

  describe('configuration the workloads start with', () => {
    it.each(deployments.map((d) => [d.metadata.name, d] as const))('%s: loadConfig accepts it as production, distributed', (_name, d) => {
      const config = loadConfig(env(podSpecOf(d).containers[0]));
      expect(config.production).toBe(true);
      expect(config.mode).toBe('distributed');
      expect(config.merchantAllowPrivateNetworks).toBe(false);
      // Only prod serves merchants' apps: there the public URLs must be HTTPS.
      if (overlayName === 'prod') expect(config.publicBaseUrl).toMatch(/^https:\/\//);
    });

    it('gateway-edge listens on the pod IP and its admin port answers the in-cluster names of gateway-edge-admin (SDA1, SDA3)', () => {
      const edge = deployments.find((d) => d.metadata.name === 'gateway-edge')!;
      const config = loadConfig(env(podSpecOf(edge).containers[0]));
      expect([config.host, config.adminHost]).toEqual(['0.0.0.0', '0.0.0.0']);
      const service = ofKind(o, 'Service').find((s) => s.metadata.name === 'gateway-edge-admin')!;
      const ns = service.metadata.namespace ?? edge.metadata.namespace;
      expect(ns).toBeTruthy();
      for (const name of ['gateway-edge-admin', `gateway-edge-admin.${ns}`, `gateway-edge-admin.${ns}.svc`, `gateway-edge-admin.${ns}.svc.cluster.local`]) {
        expect(config.adminAllowedHosts).toContain(name);
      }
    });

    it('the placeholders of the example Secrets are refused at start-up, not run with', () => {
      const edge = env(podSpecOf(deployments.find((d) => d.metadata.name === 'gateway-edge')!).containers[0]);
      expect(() => loadConfig({ ...edge, SECRETS_KEY: '<REPLACE-ME: 64 hex characters, e.g. openssl rand -hex 32>' })).toThrow(/SECRETS_KEY/);
    });
  });

  describe('the migrate Job', () => {
    it('runs as non-root on a read-only root filesystem with limits', () => {
      const pod = podSpecOf(job as K8sObject);
      const c = pod.containers[0];
      expect(pod.securityContext?.runAsNonRoot).toBe(true);
      expect(c.securityContext?.readOnlyRootFilesystem).toBe(true);
      expect(c.securityContext?.allowPrivilegeEscalation).toBe(false);
      expect(parseQuantity(c.resources?.limits?.memory)).toBeGreaterThan(0);
      expect(parseQuantity(c.resources?.limits?.cpu)).toBeGreaterThan(0);
      expect(c.volumeMounts?.some((m) => m.mountPath === '/tmp')).toBe(true);
    });
  });

  describe('Ingress', () => {
    const ingresses = ofKind(o, 'Ingress');
    type Path = { path: string; pathType: string; backend: { service: { name: string; port: { name?: string; number?: number } } } };
    type Rule = { host?: string; http: { paths: Path[] } };
    const rules = ingresses.flatMap((i) => (i.spec as { rules?: Rule[] }).rules ?? []);
    const paths = rules.flatMap((r) => r.http.paths);
    const camera = `/${cameraRoutePrefix()}`;

    /** Where a backend lands: the Service's port, then the workload's container port and what the app serves there. */
    function landsOn(p: Path): { service: string; app?: string; port?: number; serves?: string } {
      const svc = named(o, 'Service', p.backend.service.name);
      const spec = svc?.spec as { selector?: Record<string, string>; ports: { name?: string; port: number; targetPort?: string | number }[] } | undefined;
      const sp = spec?.ports.find((x) => (p.backend.service.port.name !== undefined ? x.name === p.backend.service.port.name : x.port === p.backend.service.port.number));
      const workload = deployments.find((d) => matches(spec?.selector, podLabelsOf(d)));
      if (!sp || !workload) return { service: p.backend.service.name };
      const c = podSpecOf(workload).containers[0];
      const port = resolvePort(c, sp.targetPort ?? sp.port)?.containerPort;
      return { service: p.backend.service.name, app: workload.metadata.name, port, serves: listeningPorts(o, c).find((l) => l.port === port)?.serves };
    }

    it('routes every public route of the edge (its controllers, admin excluded)', () => {
      const prefixes = edgePublicRoutePrefixes();
      expect(prefixes.length).toBeGreaterThan(0);
      for (const prefix of prefixes) expect(paths.map((p) => p.path)).toContain(`/${prefix}`);
    });

    it('exposes nothing else: no admin, health or metrics path; every path but /camera to the edge\'s public port', () => {
      const allowed = new Set(edgePublicRoutePrefixes().map((p) => `/${p}`));
      const edgeContainer = podSpecOf(deployments.find((d) => d.metadata.name === 'gateway-edge')!).containers[0];
      const publicPort = listeningPorts(o, edgeContainer).find((l) => l.serves === 'public')?.port;
      for (const p of paths) {
        expect(allowed.has(p.path)).toBe(true);
        expect(p.pathType).toBe('Prefix');
        if (p.path === camera) continue; // storage-service's camera port: the next test
        expect({ path: p.path, to: landsOn(p) }).toEqual({ path: p.path, to: { service: 'gateway-edge', app: 'gateway-edge', port: publicPort, serves: 'public' } });
      }
      expect(resolvePort(edgeContainer, 'http')?.containerPort).toBe(publicPort);
    });

    it('sends /camera on every host to storage-service\'s camera port, where it serves the camera routes (CU10)', () => {
      expect(rules.length).toBeGreaterThan(0);
      const storage = podSpecOf(deployments.find((d) => d.metadata.name === 'storage-service')!).containers[0];
      const cameraPort = listeningPorts(o, storage).find((l) => l.serves === 'camera')?.port;
      expect(cameraPort).toBeDefined();
      expect(resolvePort(storage, 'camera')?.containerPort).toBe(cameraPort);
      for (const r of rules) {
        const routed = r.http.paths.filter((p) => p.path === camera).map(landsOn);
        expect({ host: r.host, routed }).toEqual({ host: r.host, routed: [{ service: 'storage-service', app: 'storage-service', port: cameraPort, serves: 'camera' }] });
      }
      // The camera server listens on HOST: the pod IP, or the Service would find the port closed.
      expect(loadConfig(env(storage)).host).toBe('0.0.0.0');
    });

    it('routes no health, metrics or admin port: every backend lands on a public or camera port', () => {
      const serves = new Set(paths.map((p) => landsOn(p).serves));
      expect([...serves].sort()).toEqual(['camera', 'public']);
      // The Service the Ingress uses for storage-service carries the camera port alone, never HEALTH_PORT.
      const svc = named(o, 'Service', 'storage-service')!;
      expect((svc.spec as { ports: { name: string; targetPort: string }[] }).ports.map((p) => [p.name, p.targetPort])).toEqual([['camera', 'camera']]);
      expect(svc.metadata.labels?.['device-cloud/metrics']).toBeUndefined();
    });
  });
});
