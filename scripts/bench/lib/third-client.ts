// The third client of the stall benchmarks (heavy-html, heavy-paths): another student's idle delta sync in a
// process of its own (delta-poller.mjs), so the bench's own work cannot stall the client it measures, and
// the server's peak RSS sampled from /proc meanwhile.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export type ClientSample = { ms: number; status: number };

export function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024;
}

/** RSS in MB of `pid`, and the sum over its descendants except PostgreSQL's (the package reader). */
export function rssTree(pid: number): { server: number; children: number } {
  const procs: { pid: number; ppid: number; rss: number; comm: string }[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const kb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${entry}/status`, 'utf8'))?.[1] ?? 0);
      procs.push({ pid: Number(entry), ppid, rss: kb / 1024, comm });
    } catch {
      /* gone */
    }
  }
  const mine = new Set([pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const p of procs)
      if (!mine.has(p.pid) && mine.has(p.ppid) && !/postgres/.test(p.comm))
        grew = mine.add(p.pid) !== undefined;
  }
  let server = 0;
  let children = 0;
  for (const p of procs)
    if (p.pid === pid) server = p.rss;
    else if (mine.has(p.pid)) children += p.rss;
  return { server, children };
}

/** Starts the client (resolves once it is polling); `stop()` ends it and gives every request's latency. */
export async function startThirdClient(
  base: string,
  cookie: string,
  deltaPath: string,
): Promise<{ stop(): Promise<ClientSample[]> }> {
  const poller = fork(path.join(import.meta.dirname, 'delta-poller.mjs'), [], {
    env: { ...process.env, BASE: base, COOKIE: cookie, PATH: deltaPath },
  });
  const polled = new Promise<ClientSample[]>((resolve, reject) => {
    poller.on('message', (m) => {
      if (m && typeof m === 'object' && 'samples' in m) resolve((m as { samples: ClientSample[] }).samples);
    });
    poller.on('exit', (code) => code !== 0 && reject(new Error(`the client process ended with ${code}`)));
  });
  await new Promise((r) => poller.once('message', r)); // 'ready'
  return {
    stop: async () => {
      poller.send('stop');
      return polled;
    },
  };
}
