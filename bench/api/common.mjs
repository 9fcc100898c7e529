// What the benchmarks share: a free port, autocannon with the envelope checked, and the table
// of results.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus } from 'node:os';
import autocannon from 'autocannon';

export const DURATION = Number(process.env.BENCH_DURATION || 10);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50);

/** A port nobody listens on right now. */
export async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** autocannon for DURATION seconds; a body whose envelope code is not 200 counts as a mismatch. */
export function load(title, options) {
  return autocannon({
    title,
    connections: CONNECTIONS,
    duration: DURATION,
    verifyBody: (body) => {
      try {
        return JSON.parse(body).code === 200;
      } catch {
        return false;
      }
    },
    ...options,
  });
}

/** Prints the load, the machine and one line per autocannon result. */
export function printResults(rows, loadBefore) {
  const table = [
    ['route', 'req/s (mean)', 'p50 ms', 'p99 ms', 'requests', 'errors', 'non-2xx', 'code≠200'],
    ...rows.map((r) => [
      r.title,
      r.requests.average.toFixed(1),
      String(r.latency.p50),
      String(r.latency.p99),
      String(r.requests.total),
      String(r.errors + r.timeouts),
      String(r.non2xx),
      String(r.mismatches),
    ]),
  ];
  const widths = table[0].map((_, i) => Math.max(...table.map((row) => row[i].length)));
  const line = (row) =>
    row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  console.log(
    `\n${CONNECTIONS} connections, ${DURATION} s each, on 127.0.0.1; node ${process.version}, ${cpus().length} CPUs, load average ${loadBefore.toFixed(1)} at the start\n`,
  );
  console.log(line(table[0]));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of table.slice(1)) console.log(line(row));
}

/** A process's resident memory (VmRSS) and its peak so far (VmHWM), in MB; Linux only. */
export function memory(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const mb = (field) =>
      Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]) / 1024;
    return { rss: mb('VmRSS'), peak: mb('VmHWM') };
  } catch {
    return { rss: NaN, peak: NaN };
  }
}
