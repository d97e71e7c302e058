// Process CPU time from /proc: of the indexer's process, and of a whole PostgreSQL instance
// (postmaster, backends, walwriter, checkpointer, autovacuum), which runs in scripts/bench.mjs's
// process tree, not ours, so only the kernel's accounting sees it; and the whole machine's.
import { readdirSync, readFileSync } from 'node:fs';
import type pg from 'pg';

const CLOCK_TICKS_PER_SECOND = 100;

/** /proc/<pid>/stat fields after the command name: [0] state, [1] ppid, [11] utime, [12] stime, [13] cutime, [14] cstime. */
function statFields(pid: number): string[] | null {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  } catch {
    return null;
  }
}

/** User and system seconds a process has used so far (zeros once it is gone). */
export function processCpu(pid: number): { user: number; system: number } {
  const fields = statFields(pid);
  return fields
    ? {
        user: Number(fields[11]) / CLOCK_TICKS_PER_SECOND,
        system: Number(fields[12]) / CLOCK_TICKS_PER_SECOND,
      }
    : { user: 0, system: 0 };
}

/** The postmaster of the server `client` is connected to: the parent of its backend. */
export async function postmasterPid(client: pg.Client): Promise<number> {
  const backend = Number((await client.query('SELECT pg_backend_pid() AS pid')).rows[0].pid);
  const fields = statFields(backend);
  if (!fields) throw new Error(`PostgreSQL backend ${backend} is not visible in /proc (server not local?)`);
  return Number(fields[1]);
}

/**
 * User + system seconds of the postmaster and every live child, plus what exited children used (the
 * postmaster's cutime/cstime, once it has reaped them): a difference of two readings is what the
 * instance spent in between, short-lived connections included.
 */
export function postgresCpuSeconds(postmaster: number): number {
  const own = statFields(postmaster);
  if (!own) throw new Error(`PostgreSQL postmaster ${postmaster} is gone`);
  let ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(own[i]), 0);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(Number(entry));
    if (fields && Number(fields[1]) === postmaster) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks / CLOCK_TICKS_PER_SECOND;
}

/**
 * Busy seconds of all the machine's CPUs so far (/proc/stat: user, nice, system, irq, softirq, steal; not idle or
 * iowait): what every process and the kernel's own threads (writeback among them) used.
 */
export function machineBusySeconds(): number {
  const [user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
    .split('\n', 1)[0]!
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return (user! + nice! + system! + irq! + softirq! + (steal ?? 0)) / CLOCK_TICKS_PER_SECOND;
}
