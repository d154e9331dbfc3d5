// A task that ends its own process as a native binding's panic does (process.abort), after one chunk;
// or, given { ok: true }, answers normally (off-thread-isolation.test.ts).
import { taskPort } from '../../src/platform/off-thread.ts';

const port = taskPort<{ ok: boolean }, { step: number }, { pid: number }>();
port.onInput((input) => {
  port.post({ chunk: { step: 1 } });
  if (input.ok) port.post({ done: { pid: process.pid } });
  else setTimeout(() => process.abort(), 20);
});
