// Tests only (off-thread.test.ts and the callers' busy tests): a task that holds its slot until the test
// releases it (Atomics on a shared buffer), or answers at once — so a test fills the pool for real.
import { taskPort } from './off-thread.ts';

type HoldInput = { readonly hold?: SharedArrayBuffer; readonly echo?: string };

const port = taskPort<HoldInput, never, string>();

port.onInput((input) => {
  if (input.hold) Atomics.wait(new Int32Array(input.hold), 0, 0);
  port.post({ done: input.echo ?? 'released' });
});
