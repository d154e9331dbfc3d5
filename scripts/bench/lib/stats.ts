// Small statistics and formatting helpers shared by the benchmarks.
import os from 'node:os';
export const median = (xs: readonly number[]): number => percentile(xs, 50);

/** Nearest-rank percentile (p in 0..100). */
export function percentile(xs: readonly number[], p: number): number {
  if (xs.length === 0) return Number.NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1] as number;
}

export const ms = (x: number): string => (x >= 100 ? `${x.toFixed(0)} ms` : `${x.toFixed(1)} ms`);
export const kb = (bytes: number): string =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(2)} MB` : `${(bytes / 1024).toFixed(2)} KB`;

/** "within" / "OVER" — printed, never asserted (the machine is shared and noisy). */
export const verdict = (ok: boolean): string => (ok ? 'within budget' : 'OVER budget');

export function table(rows: (string | number)[][]): string {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => String(r[i] ?? '').length))) ?? [];
  return rows
    .map((r) =>
      r
        .map((c, i) => (i === 0 ? String(c).padEnd(widths[i] ?? 0) : String(c).padStart(widths[i] ?? 0)))
        .join('  '),
    )
    .join('\n');
}

/** The machine's load averages (1, 5, 15 min) as the benchmarks print them. */
export const loadAverage = (): string =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
