/**
 * A small evaluator of NetworkPolicies (networking.k8s.io/v1 semantics) over a rendered overlay: may this
 * peer open a TCP/UDP connection to that one on a port? A connection needs the source's egress and the
 * destination's ingress to allow it; a pod no policy selects for a direction is open in that direction.
 * Covers what the manifests use: pod and namespace selectors (matchLabels, matchExpressions In/NotIn/
 * Exists/DoesNotExist), IPv4 ipBlocks with exceptions, numeric ports.
 */
import type { ILabelSelector } from '@kubernetes-models/apimachinery/apis/meta/v1/LabelSelector';
import type { INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import type { INetworkPolicyPeer } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicyPeer';
import type { INetworkPolicyPort } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicyPort';
import { matches, podLabelsOf, podSpecOf, type K8sObject } from './k8s-objects';
import { named, ofKind, type Overlay } from './k8s-overlays';

/** A pod (with its namespace's labels) or an address outside the cluster's pods. */
export type Peer = { name: string; namespace: string; namespaceLabels: Record<string, string>; labels: Record<string, string> } | { name: string; ip: string };

export const isPod = (p: Peer): p is Extract<Peer, { labels: object }> => 'labels' in p;

export function selects(selector: ILabelSelector | undefined, labels: Record<string, string>): boolean {
  if (!selector) return true;
  const byLabels = Object.entries(selector.matchLabels ?? {}).every(([k, v]) => labels[k] === v);
  const byExpressions = (selector.matchExpressions ?? []).every((e) => {
    const has = e.key in labels;
    switch (e.operator) {
      case 'In':
        return has && (e.values ?? []).includes(labels[e.key]);
      case 'NotIn':
        return !has || !(e.values ?? []).includes(labels[e.key]);
      case 'Exists':
        return has;
      case 'DoesNotExist':
        return !has;
      default:
        throw new Error(`unknown selector operator ${e.operator}`);
    }
  });
  return byLabels && byExpressions;
}

const ipv4 = (ip: string): number | undefined => {
  const parts = ip.split('.').map(Number);
  return parts.length === 4 && parts.every((n) => Number.isInteger(n) && n >= 0 && n <= 255) ? parts.reduce((a, n) => a * 256 + n, 0) : undefined;
};

/** Whether an IPv4 address lies in a CIDR range (IPv6 ranges never contain an IPv4 address). */
export function inCidr(ip: string, cidr: string): boolean {
  const [base, bits] = cidr.split('/');
  const a = ipv4(ip);
  const b = ipv4(base);
  if (a === undefined || b === undefined) return false;
  const size = 2 ** (32 - Number(bits));
  return Math.floor(a / size) === Math.floor(b / size);
}

function peerMatches(rule: INetworkPolicyPeer, policyNamespace: string, peer: Peer): boolean {
  if (rule.ipBlock) return !isPod(peer) && inCidr(peer.ip, rule.ipBlock.cidr) && !(rule.ipBlock.except ?? []).some((c) => inCidr(peer.ip, c));
  if (!isPod(peer)) return false;
  const namespaceOk = rule.namespaceSelector ? selects(rule.namespaceSelector, peer.namespaceLabels) : peer.namespace === policyNamespace;
  return namespaceOk && (!rule.podSelector || selects(rule.podSelector, peer.labels));
}

const portMatches = (ports: INetworkPolicyPort[] | undefined, port: number, protocol: string) =>
  !ports?.length || ports.some((p) => (p.protocol ?? 'TCP') === protocol && (p.port === undefined || p.port === port));

export const policiesOf = (o: Overlay): INetworkPolicy[] => ofKind(o, 'NetworkPolicy') as unknown as INetworkPolicy[];

function allowedOneWay(policies: INetworkPolicy[], direction: 'Ingress' | 'Egress', self: Peer, other: Peer, port: number, protocol: string): boolean {
  if (!isPod(self)) return true; // addresses outside the cluster's pods are not governed by these policies
  const selecting = policies.filter(
    (p) => p.metadata?.namespace === self.namespace && selects(p.spec?.podSelector, self.labels) && (p.spec?.policyTypes ?? ['Ingress']).includes(direction),
  );
  if (!selecting.length) return true;
  return selecting.some((p) =>
    ((direction === 'Ingress' ? p.spec?.ingress : p.spec?.egress) ?? []).some((rule) => {
      const peers = 'from' in rule ? rule.from : (rule as { to?: INetworkPolicyPeer[] }).to;
      return portMatches(rule.ports, port, protocol) && (!peers?.length || peers.some((r) => peerMatches(r, p.metadata!.namespace!, other)));
    }),
  );
}

/** Whether `from` may connect to `to` on `port`: egress of the one and ingress of the other. */
export function mayConnect(o: Overlay, from: Peer, to: Peer, port: number, protocol = 'TCP'): boolean {
  const policies = policiesOf(o);
  return allowedOneWay(policies, 'Egress', from, to, port, protocol) && allowedOneWay(policies, 'Ingress', to, from, port, protocol);
}

export const NAMESPACE = 'device-cloud';

export const podInNamespace = (name: string, labels: Record<string, string>, namespace = NAMESPACE, namespaceLabels: Record<string, string> = {}): Peer => ({
  name,
  namespace,
  namespaceLabels: { 'kubernetes.io/metadata.name': namespace, ...namespaceLabels },
  labels,
});

/**
 * The pods an overlay runs: those of its Deployments, StatefulSets and Jobs, and the instances of a
 * CloudNativePG Cluster (labelled cnpg.io/cluster plus the Cluster's inheritedMetadata labels).
 */
export function podsOf(o: Overlay): Extract<Peer, { labels: object }>[] {
  const workloads = o.objects.filter((x) => ['Deployment', 'StatefulSet', 'Job'].includes(x.kind));
  const pods = workloads.map((w) => podInNamespace(w.metadata.name, podLabelsOf(w)));
  for (const c of ofKind(o, 'Cluster') as (K8sObject & { spec: { inheritedMetadata?: { labels?: Record<string, string> } } })[]) {
    pods.push(podInNamespace(`${c.metadata.name}-1`, { 'cnpg.io/cluster': c.metadata.name, 'cnpg.io/podRole': 'instance', ...c.spec.inheritedMetadata?.labels }));
  }
  return pods as Extract<Peer, { labels: object }>[];
}

/** Every distinct [port, protocol] a policy of the overlay names: the ports worth probing. */
export function portsNamed(o: Overlay): [number, string][] {
  const seen = new Map<string, [number, string]>();
  for (const p of policiesOf(o))
    for (const rule of [...(p.spec?.ingress ?? []), ...(p.spec?.egress ?? [])])
      for (const port of rule.ports ?? []) if (typeof port.port === 'number') seen.set(`${port.port}/${port.protocol ?? 'TCP'}`, [port.port, port.protocol ?? 'TCP']);
  return [...seen.values()];
}

/**
 * The pods and container ports the overlay's Ingresses route to (through each backend Service's targetPort),
 * one entry per distinct pod and port; a backend that resolves to no declared port throws.
 */
export function ingressTargets(o: Overlay): { pod: Extract<Peer, { labels: object }>; port: number }[] {
  type Backend = { service: { name: string; port: { name?: string; number?: number } } };
  const backends = ofKind(o, 'Ingress').flatMap((i) =>
    ((i.spec as { rules?: { http?: { paths: { backend: Backend }[] } }[] }).rules ?? []).flatMap((r) => (r.http?.paths ?? []).map((p) => p.backend)),
  );
  const pods = podsOf(o);
  const out = new Map<string, { pod: Extract<Peer, { labels: object }>; port: number }>();
  for (const b of backends) {
    const spec = named(o, 'Service', b.service.name)?.spec as { selector?: Record<string, string>; ports: { name?: string; port: number; targetPort?: string | number }[] } | undefined;
    const sp = spec?.ports.find((x) => (b.service.port.name !== undefined ? x.name === b.service.port.name : x.port === b.service.port.number));
    const workload = o.objects.find((x) => ['Deployment', 'StatefulSet'].includes(x.kind) && matches(spec?.selector, podLabelsOf(x)));
    const target = sp?.targetPort ?? sp?.port;
    const port = workload && podSpecOf(workload).containers.flatMap((c) => c.ports ?? []).find((cp) => cp.name === target || cp.containerPort === target)?.containerPort;
    const pod = workload && pods.find((p) => p.name === workload.metadata.name);
    if (!pod || port === undefined) throw new Error(`Ingress backend ${b.service.name}:${b.service.port.name ?? b.service.port.number} reaches no declared container port`);
    out.set(`${pod.name}:${port}`, { pod, port });
  }
  return [...out.values()];
}
