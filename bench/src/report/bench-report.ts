import type { BenchOptions } from '../cli/bench-options';
import type { MemoryResult } from '../measure/memory';
import type { ScalingResult } from '../measure/scaling';
import type { StartupResult } from '../measure/startup';
import type { ThroughputRow } from '../measure/throughput';
import { fmt, table } from './markdown';
import { LANDING } from '../measure/endpoints';
import { median, type Summary } from './stats';
import { renderTargets, TARGETS, type TargetRow } from './targets';

/** Everything measured on one driver; a phase left out with --only stays undefined. */
export interface DriverResults {
  driver: 'PGlite' | 'PostgreSQL';
  startup?: StartupResult;
  memory?: MemoryResult;
  throughput?: ThroughputRow[];
  scaling?: ScalingResult;
}

/** The target of the issue: the totals at a million entries cost at most twice what they cost on none. */
const TOTALS_SLOWDOWN_TARGET = 2;

const latency = (summary: Summary) => `${fmt.ms(summary.p50)} / ${fmt.ms(summary.p99)}`;

/** "0", or how many failed and how: any failure voids the row's ratio. */
function failures(summary: Summary): string {
  if (summary.failed === 0) return '0';
  const byStatus = Object.entries(summary.statuses).filter(([code]) => !code.startsWith('2'));
  const non2xx = byStatus.reduce((sum, [, count]) => sum + count, 0);
  const details = byStatus.map(([code, count]) => `${count}×${code}`);
  if (summary.failed > non2xx) details.push(`${summary.failed - non2xx} errors or timeouts`);
  return `${summary.failed} (${details.join(', ')})`;
}

const ratioOrInvalid = (ratio: number, suffix: string, ...sides: Summary[]) =>
  sides.some((side) => side.failed > 0) ? '**invalid** (failures)' : `${fmt.ratio(ratio)}${suffix}`;

function throughputSection(driver: string, rows: ThroughputRow[]): string {
  return [
    `### Throughput: app vs bare \`node:http\` (${driver})`,
    table(
      [
        'endpoint',
        'connections',
        'app req/s (median)',
        'bare req/s (median)',
        'app p50 / p99 ms',
        'bare p50 / p99 ms',
        'ratio app ÷ bare',
        'failed app / bare',
      ],
      rows.map(({ endpoint, connections, app, bare }) => [
        endpoint.name,
        String(connections),
        fmt.rps(app.rps),
        fmt.rps(bare.rps),
        latency(app),
        latency(bare),
        ratioOrInvalid(app.rps / bare.rps, '', app, bare),
        `${failures(app)} / ${failures(bare)}`,
      ]),
    ),
  ].join('\n\n');
}

/** The reads' ratios against the issue's targets; the write has none. */
function targetRows(driver: string, rows: ThroughputRow[]): TargetRow[] {
  return rows
    .filter(({ endpoint }) => endpoint.method === 'GET')
    .map(({ endpoint, connections, app, bare }) => ({
      figure: `${endpoint.name}, app ÷ bare, ${connections} connections (${driver})`,
      target: endpoint.path === LANDING.path ? TARGETS.landingRatio : TARGETS.readRatio,
      measured: app.rps / bare.rps,
      ...(app.failed + bare.failed > 0 ? { invalid: 'failures' } : {}),
    }));
}

function scalingSection(driver: string, result: ScalingResult): string {
  const entries = result.seed.rows.toLocaleString('en-US');
  const totalsMatch = result.apiTotal === result.seed.expectedTotal;
  return [
    `### Totals: empty database vs ${entries} revenue entries (${driver})`,
    `Seeded with one \`INSERT … SELECT … FROM generate_series(1, ${result.seed.rows})\` in ` +
      `${result.seed.seconds.toFixed(1)} s. Totals check: the API answers \`totalRevenue\` ${result.apiTotal}, ` +
      `\`SUM(amount)\` is ${result.seed.expectedTotal}: ${totalsMatch ? 'equal ✓' : '**different ✗**'}.`,
    table(
      [
        'endpoint',
        'empty req/s',
        `${entries} req/s`,
        'empty p50 / p99 ms',
        `${entries} p50 / p99 ms`,
        'slowdown (empty ÷ seeded req/s)',
        'target',
        'failed empty / seeded',
      ],
      result.rows.map(({ endpoint, empty, seeded }) => {
        const slowdown = empty.rps / seeded.rps;
        const isTotals = endpoint.path === '/api/revenue';
        const met = slowdown <= TOTALS_SLOWDOWN_TARGET ? '✓' : '✗';
        return [
          endpoint.name,
          fmt.rps(empty.rps),
          fmt.rps(seeded.rps),
          latency(empty),
          latency(seeded),
          ratioOrInvalid(slowdown, '×', empty, seeded),
          isTotals ? `≤ ${TOTALS_SLOWDOWN_TARGET}× ${met}` : '–',
          `${failures(empty)} / ${failures(seeded)}`,
        ];
      }),
    ),
  ].join('\n\n');
}

const spread = (values: number[]) =>
  values.length === 0
    ? '–'
    : `${fmt.seconds(median(values))} (${fmt.seconds(Math.min(...values))} – ${fmt.seconds(Math.max(...values))})`;

function startupSection(drivers: DriverResults[]): string {
  return [
    '### Start-up: spawning `node apps/api/dist/main.js` to the first 200 on `/`',
    'A new store is a new `DATA_DIR` on PGlite (initdb, migrations) and a new, empty database on PostgreSQL.',
    table(
      ['driver', 'new store: median (min – max)', 'existing store: median (min – max)', 'starts each'],
      drivers.flatMap(({ driver, startup }) =>
        startup
          ? [[driver, spread(startup.fresh), spread(startup.existing), String(startup.fresh.length)]]
          : [],
      ),
    ),
  ].join('\n\n');
}

function memorySection(drivers: DriverResults[], seconds: number): string {
  return [
    `### Memory: server RSS after ${seconds} s of the read mix`,
    'The read mix cycles through the four GETs of the throughput table. On PostgreSQL the figure is the Node ' +
      'process alone; on PGlite it includes the embedded database.',
    table(
      ['driver', 'RSS after start', `RSS after ${seconds} s`, 'peak RSS (VmHWM)', 'read mix req/s', 'failed'],
      drivers.flatMap(({ driver, memory }) =>
        memory
          ? [
              [
                driver,
                fmt.mib(memory.idle.rss),
                fmt.mib(memory.loaded.rss),
                fmt.mib(memory.loaded.peakRss),
                fmt.rps(memory.load.rps),
                String(memory.load.failed),
              ],
            ]
          : [],
      ),
    ),
  ].join('\n\n');
}

/** The settings that shaped this run's figures, for the phases it ran. */
function settingsLine(settings: BenchOptions): string {
  const { phases } = settings;
  const parts: string[] = [];
  if (phases.has('throughput') || phases.has('scaling'))
    parts.push(
      `${settings.connections.join(', ')} connections`,
      `${settings.rounds} timed run(s) of ${settings.duration} s per side and endpoint, alternating, ` +
        `after ${settings.warmup} s of warm-up`,
      `requests fail after ${settings.timeout} s`,
    );
  if (phases.has('scaling')) parts.push(`${settings.rows.toLocaleString('en-US')} seeded entries`);
  if (phases.has('memory')) parts.push(`read mix of ${settings.memoryDuration} s`);
  if (phases.has('startup')) parts.push(`${settings.startupRuns} start(s) per kind of store`);
  return parts.join('; ');
}

export function renderBenchSection(options: {
  date: string;
  context: string[];
  settings: BenchOptions;
  drivers: DriverResults[];
  notes: string[];
}): string {
  const { settings, drivers } = options;
  const parts = [
    `## ${options.date} · \`pnpm bench\``,
    [...options.context, `- Settings: ${settingsLine(settings)}`].join('\n'),
  ];
  for (const { driver, throughput, scaling } of drivers) {
    if (throughput) parts.push(throughputSection(driver, throughput));
    if (scaling) parts.push(scalingSection(driver, scaling));
  }
  const targets = drivers.flatMap(({ driver, throughput }) =>
    throughput ? targetRows(driver, throughput) : [],
  );
  if (targets.length > 0) parts.push(renderTargets(targets));
  if (drivers.some((driver) => driver.startup)) parts.push(startupSection(drivers));
  if (drivers.some((driver) => driver.memory)) parts.push(memorySection(drivers, settings.memoryDuration));
  if (options.notes.length > 0)
    parts.push(['### Notes', options.notes.map((note) => `- ${note}`).join('\n')].join('\n\n'));
  return parts.join('\n\n');
}
