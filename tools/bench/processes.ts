/**
 * Processes the bench starts beside the platform (baselines, the local merchant) and what each process of a
 * run costs in CPU: utime + stime from /proc/<pid>/stat before and after a run (Linux; process.cpuUsage only
 * sees the bench itself). Cheap: one small file read per process per run.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { startBuiltScript } from '@dcp/testing';

/** A built script of dist/ as its own process (the apps, the baselines, the local merchant). */
export const startScript = startBuiltScript;

let ticksPerSecond: number | undefined;

function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** CPU seconds (user + system) a process has used so far, or undefined when it is gone or /proc is absent. */
export function cpuSeconds(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start after the last ')'; utime and stime are 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / clockTicks();
  } catch {
    return undefined;
  }
}

/** Named groups of processes whose CPU a run charges, e.g. { 'gateway-edge': [pid], postgres: [backend pids] }. */
export type ProcessGroups = Record<string, number[]>;

export type CpuSnapshot = Map<number, number>;

export function snapshot(groups: ProcessGroups): CpuSnapshot {
  const taken = new Map<number, number>();
  for (const pids of Object.values(groups)) {
    for (const pid of pids) {
      const s = cpuSeconds(pid);
      if (s !== undefined) taken.set(pid, s);
    }
  }
  return taken;
}

/** CPU seconds per group between two snapshots; a process missing from either side is left out. */
export function cpuDelta(groups: ProcessGroups, before: CpuSnapshot, after: CpuSnapshot): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, pids] of Object.entries(groups)) {
    let sum = 0;
    for (const pid of pids) {
      const a = before.get(pid);
      const b = after.get(pid);
      if (a !== undefined && b !== undefined) sum += b - a;
    }
    out[name] = sum;
  }
  return out;
}
