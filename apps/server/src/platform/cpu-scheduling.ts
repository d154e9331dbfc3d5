// Heavy work on untrusted input runs below the event loop in the CPU scheduler (issue 17): child
// processes at nice 10 (off-thread.ts) and worker threads too (the sanitiser pool, off-thread tasks in a
// thread) — Linux takes a thread id as a PRIO_PROCESS target, and /proc/thread-self names the calling
// thread. On a busy 2-core machine the server's main thread, which answers every other request, runs
// first. A task that waits for the CPU is not a task that runs too long: time limits count the CPU a
// thread or process used (from /proc), with a wall-clock ceiling.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import os from 'node:os';

/** The nice value heavy threads and child processes run at. */
export const HEAVY_NICE = 10;

/** The calling thread's id (Linux), or null. */
export function currentThreadId(): number | null {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    return Number.isInteger(tid) && tid > 0 ? tid : null;
  } catch {
    return null;
  }
}

/** Sets the calling thread's nice value where the platform allows it; otherwise does nothing. */
export function niceThisThread(nice: number): void {
  const tid = currentThreadId();
  // The main thread's id is the process id: that one is never lowered.
  if (tid === null || tid === process.pid) return;
  try {
    os.setPriority(tid, nice);
  } catch {
    /* not permitted: the thread runs at the process's priority */
  }
}

/** utime + stime of a /proc stat line, in ms (fields 14 and 15, USER_HZ = 100 ticks a second). */
function statCpuMs(path: string): number | null {
  try {
    const stat = readFileSync(path, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count fields after its ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * 10 : null;
  } catch {
    return null;
  }
}

/** A process's CPU time (all its threads); null where there is no /proc or the process is gone. */
export const processCpuMs = (pid: number): number | null => statCpuMs(`/proc/${pid}/stat`);

/** The CPU time of one thread of this process; null where there is no /proc or the thread is gone. */
const threadCpuMs = (tid: number): number | null => statCpuMs(`/proc/self/task/${tid}/stat`);

/**
 * A worker thread's CPU time by the id it reported: 0 before it said (it has used next to none), null
 * when it could not tell (the limit then counts wall time).
 */
export const reportedThreadCpuMs = (tid: number | null | undefined): number | null =>
  tid === undefined ? 0 : tid === null ? null : threadCpuMs(tid);

/** The nice value of each thread of this process (Linux), for tests. */
export function threadNices(): number[] {
  try {
    return readdirSync('/proc/self/task').flatMap((tid) => {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      const nice = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
      return Number.isFinite(nice) ? [nice] : [];
    });
  } catch {
    return [];
  }
}

/**
 * A time limit on CPU use: `onOver` runs once `cpuMs()` has grown by `limitMs` since the start, or
 * `wallFactor` × `limitMs` of wall time passed, or at `limitMs` when the CPU time cannot be read.
 * Returns its cancel.
 */
export function cpuTimeLimit(
  cpuMs: () => number | null,
  limitMs: number,
  wallFactor: number,
  onOver: () => void,
): () => void {
  const startedAt = Date.now();
  const cpuAtStart = cpuMs();
  let timer: ReturnType<typeof setTimeout>;
  const check = () => {
    const now = cpuMs();
    const used = cpuAtStart === null || now === null ? null : now - cpuAtStart;
    const wall = Date.now() - startedAt;
    if (used === null || used >= limitMs || wall >= limitMs * wallFactor) onOver();
    else timer = setTimeout(check, Math.max(100, Math.min(limitMs - used, limitMs * wallFactor - wall)));
  };
  timer = setTimeout(check, limitMs);
  return () => clearTimeout(timer);
}
