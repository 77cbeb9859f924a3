import type { DeliveryFigures } from './alarm-push';
import { BEGIN_MARKER, END_MARKER, cpuBreakdown, describeRefusals, megabytesPerSecond, ratios, refusalLines, renderDeliveries, replaceBetweenMarkers, spread, sumDeliveries, sumRefusals } from './report';
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

  it('pushes: accepted alarms/s at saturation, POST → FCM medians, deliveries added up over all rounds', () => {
    const d = (o: Partial<DeliveryFigures>): DeliveryFigures => ({
      accepted: 100, merged: 0, acceptedPerSecond: 100, expected: 150, received: 150, lost: 0, duplicates: 0, late: 0, unanswered: 0, cutOff: 0, unmatched: 0, p50: 10, p99: 50, max: 60, drainMs: 100, ...o,
    });
    const pushed = (rps: number, deliveries: DeliveryFigures): RunFigures => ({ ...run(rps, 1), deliveries });
    const result: ScenarioResult = {
      scenario: 'alarm_push',
      title: 't',
      mode: 'distributed',
      rate: 60,
      sides: [
        {
          name: 'platform',
          role: 'platform',
          saturation: [pushed(100, d({ acceptedPerSecond: 100, p50: 100, p99: 400, drainMs: 900, unanswered: 20, cutOff: 30 })), pushed(90, d({ acceptedPerSecond: 90, p50: 120, p99: 300, drainMs: 1200 })), pushed(110, d({ acceptedPerSecond: 110, p50: 80, p99: 500, duplicates: 1 }))],
          fixedRate: [pushed(60, d({ p50: 12, p99: 40 })), pushed(60, d({ p50: 14, p99: 45, lost: 2, received: 148 })), pushed(60, d({ p50: 11, p99: 90 }))],
        },
      ],
    };
    expect(sumDeliveries(result.sides[0].fixedRate)).toMatchObject({ expected: 450, received: 448, lost: 2 });
    const lines = renderDeliveries(result);
    expect(lines).toContain('| platform | 100 (90–110) | 100 / 400 | 12 | 45 (40–90) | 900 | 898 | 2 | 1 | 0 | 1200 |');
    expect(lines.join('\n')).toContain('20 alarms were in flight when a saturation run ended (autocannon drops their answers; the platform may have accepted them); 30 pushes of alarms cut off so');
    expect(renderDeliveries({ ...result, sides: [{ ...result.sides[0], saturation: [run(1, 1)], fixedRate: [] }] })).toEqual([]);
  });
});
