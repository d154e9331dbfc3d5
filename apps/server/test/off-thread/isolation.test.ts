// Issue 17 / 18: a task whose native code aborts (the FSRS binding did, on some logs) runs in a child
// process: the abort fails that task alone with OffThreadFailure('crash'); the server process and the
// next task carry on.
import { describe, expect, it } from 'vitest';
import { OffThreadFailure, runOffThread } from '../../src/platform/off-thread.ts';

const entry = { from: import.meta.url, name: 'abort-task' };

describe('tasks isolated in a child process', () => {
  it('an abort fails the task alone; the next task runs', async () => {
    const chunks: unknown[] = [];
    const aborted = runOffThread(
      entry,
      { ok: false },
      { isolation: 'process', onChunk: (c) => chunks.push(c) },
    );
    await expect(aborted).rejects.toEqual(new OffThreadFailure('crash'));
    expect(chunks).toEqual([{ step: 1 }]);
    const next = await runOffThread<{ step: number }, { pid: number }>(
      entry,
      { ok: true },
      {
        isolation: 'process',
        onChunk: () => undefined,
      },
    );
    // It ran in another process: this one is still here.
    expect(next.pid).not.toBe(process.pid);
  });
});
