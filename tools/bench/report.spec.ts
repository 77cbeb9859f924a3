import { BEGIN_MARKER, END_MARKER, cpuBreakdown, describeRefusals, megabytesPerSecond, ratios, refusalLines, replaceBetweenMarkers, spread, sumRefusals } from './report';
import type { RunFigures, ScenarioResult } from './runner';

const run = (rps: number, p99: number, cpu: Record<string, number> = {}): RunFigures => ({ rps, p50: p99 / 2, p99, errors: 0, cpuUsPerRequest: cpu });

describe('bench report', () => {
  it('replaces only the text between the markers', () => {
    const doc = `# Benchmarks\n\nintro\n\n${BEGIN_MARKER}\nold figures\n${END_MARKER}\n\n## Profile (hand-written)\nkeep me\n`;
    const out = replaceBetweenMarkers(doc, 'new figures\n');
    expect(out).toBe(`# Benchmarks\n\nintro\n\n${BEGIN_MARKER}\nnew figures\n${END_MARKER}\n\n## Profile (hand-written)\nkeep me\n`);
    expect(replaceBetweenMarkers(out, 'newer')).toContain(`${BEGIN_MARKER}\nnewer\n${END_MARKER}\n\n## Profile (hand-written)\nkeep me`);
  });

  it('appends the markers when the document has none', () => {
    expect(replaceBetweenMarkers('# Benchmarks\n\nintro\n', 'figures')).toBe(`# Benchmarks\n\nintro\n\n${BEGIN_MARKER}\nfigures\n${END_MARKER}\n`);
  });

  it('median (min–max)', () => {
    expect(spread([3, 1, 2])).toBe('2 (1–3)');
  });

  it('platform ÷ baseline: throughput from saturation medians, p99 from fixed-rate medians', () => {
    const result: ScenarioResult = {
      scenario: 's',
      title: 't',
      mode: 'distributed',
      rate: 100,
      sides: [
        { name: 'platform', role: 'platform', saturation: [run(1000, 50), run(1500, 60), run(1200, 70)], fixedRate: [run(100, 30), run(100, 40), run(100, 50)] },
        { name: 'Fastify + pg', role: 'pg', saturation: [run(3000, 20), run(2000, 20), run(2400, 20)], fixedRate: [run(100, 20), run(100, 10), run(100, 30)] },
      ],
    };
    expect(ratios(result)).toEqual([{ baseline: 'Fastify + pg', throughput: 0.5, p99: 2 }]);
  });

  it('CPU per request: median per process, total first, the load generator left out', () => {
    const runs = [run(1, 1, { edge: 300, device: 500, bench: 40 }), run(1, 1, { edge: 360, device: 460, bench: 50 }), run(1, 1, { edge: 330, device: 480, bench: 45 })];
    expect(cpuBreakdown(runs)).toBe('810 (device 480, edge 330)');
  });

  it('refusals by code: added up over runs, largest first, per side and phase', () => {
    const refused = (byCode: Record<string, number>): RunFigures => ({ ...run(1, 1), refusals: byCode });
    expect(sumRefusals([refused({ CR0429: 2 }), run(1, 1), refused({ CR0429: 1, 'HTTP 503': 5 })])).toEqual({ CR0429: 3, 'HTTP 503': 5 });
    expect(describeRefusals({ CR0429: 3, 'HTTP 503': 5, CR0401: 3 })).toBe('HTTP 503 5, CR0401 3, CR0429 3');
    const result: ScenarioResult = {
      scenario: 'camera_ingest',
      title: 't',
      mode: 'distributed',
      rate: 250,
      bodyBytes: 100_000,
      sides: [
        { name: 'platform', role: 'platform', saturation: [refused({ CR0429: 2 }), run(500, 1), run(300, 1)], fixedRate: [run(250, 1)] },
        { name: 'Fastify ingest', role: 'ingest', saturation: [run(1000, 1)], fixedRate: [run(250, 1)] },
      ],
    };
    expect(refusalLines(result)).toEqual(['- platform refused, by code (all rounds): at saturation CR0429 2']);
    expect(megabytesPerSecond(result)).toEqual([
      { side: 'platform', mbps: 30 },
      { side: 'Fastify ingest', mbps: 100 },
    ]);
    expect(megabytesPerSecond({ ...result, bodyBytes: undefined })).toEqual([]);
  });
});
