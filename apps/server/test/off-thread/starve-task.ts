// A task that waits for the CPU, as a niced child does on a busy machine: it stops itself (SIGSTOP) and a
// detached shell continues it after `stoppedMs`, so it uses almost no CPU in that wall time; or, given
// { spin: true }, a task that never ends and uses the CPU all the time (isolation.test.ts).
import { spawn } from 'node:child_process';
import { taskPort } from '../../src/platform/off-thread.ts';

const port = taskPort<{ spin: boolean; stoppedMs: number }, never, { pid: number }>();
port.onInput((input) => {
  if (input.spin) for (;;);
  spawn('sh', ['-c', `sleep ${input.stoppedMs / 1000}; kill -CONT ${process.pid}`], {
    detached: true,
    stdio: 'ignore',
  }).unref();
  process.kill(process.pid, 'SIGSTOP');
  port.post({ done: { pid: process.pid } });
});
