// Tests only: fills off-thread slots for real with tasks that wait until released (off-thread-test-worker.ts).
import { runOffThread } from './off-thread.ts';

export type HeldTask = { readonly done: Promise<string>; release(): Promise<string> };

/** Starts a task that holds its slot (`other`: as a second kind of task) until `release()`. */
export function holdSlot(other = false): HeldTask {
  const hold = new SharedArrayBuffer(4);
  const done = runOffThread<never, string>(
    { from: import.meta.url, name: other ? 'off-thread-test-other-worker' : 'off-thread-test-worker' },
    { hold },
    { onChunk: () => undefined },
  );
  return {
    done,
    release: () => {
      const flag = new Int32Array(hold);
      Atomics.store(flag, 0, 1);
      Atomics.notify(flag, 0);
      return done;
    },
  };
}

/** A task that answers at once. */
export const echo = (text: string, other = false) =>
  runOffThread<never, string>(
    { from: import.meta.url, name: other ? 'off-thread-test-other-worker' : 'off-thread-test-worker' },
    { echo: text },
    { onChunk: () => undefined },
  );
