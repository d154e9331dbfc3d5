// 'Create Test' (issue 19): the tree of the student's modules → subjects → topics with the questions
// each has in the chosen pools, the pools (their union), the number of questions beside the live pool
// size, Tutor / Timed with seconds per question, Shuffle options, and Start Test.
import { QBANK, QBANK_POOLS, type QbankPool } from '@zan/core';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Card, CheckboxField, TextField } from '../../../ui/index.ts';
import type { ModuleNode } from '../bank.ts';
import type { Bank } from '../hooks/use-bank.ts';
import { useCreateTest, type Prefill } from '../hooks/use-create-test.ts';
import { TriCheckbox } from './tri-checkbox.tsx';

const POOL_LABELS: Record<QbankPool, string> = {
  unused: 'Unused',
  incorrect: 'Incorrect',
  omitted: 'Omitted',
  flagged: 'Flagged',
  all: 'All',
};
const EMPTY_POOL = 'No questions match: choose other topics or pools.';

function Tree({ tree, t }: { tree: ModuleNode[]; t: ReturnType<typeof useCreateTest> }) {
  return (
    <ul className="flex flex-col gap-3" aria-label="Modules, subjects and topics">
      {tree.map((m) => (
        <li key={m.id} className="rounded-xl border border-line p-3">
          <TriCheckbox tick={m.tick} onToggle={() => t.toggle(m)} label={m.name} count={m.pool} strong />
          <ul className="ml-3 border-l border-line pl-3">
            {m.subjects.map((s) => (
              <li key={s.id}>
                <TriCheckbox tick={s.tick} onToggle={() => t.toggle(s)} label={s.name} count={s.pool} />
                <details className="group ml-6" open={s.tick === 'some' || undefined}>
                  <summary className="cursor-pointer rounded py-1 text-xs font-medium text-muted hover:text-fg">
                    {`${s.topics.length} ${s.topics.length === 1 ? 'topic' : 'topics'}`}
                  </summary>
                  <ul className="pb-1">
                    {s.topics.map((tp) => (
                      <li key={tp.id}>
                        <TriCheckbox
                          tick={tp.tick}
                          onToggle={() => t.toggle(tp)}
                          label={tp.name}
                          count={tp.pool}
                        />
                      </li>
                    ))}
                  </ul>
                </details>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

export function CreateTest({
  userId,
  bank,
  prefill,
}: {
  userId: string;
  bank: Bank;
  prefill: Prefill | null;
}) {
  const t = useCreateTest(userId, bank, prefill);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const poolsId = useId();
  const modeId = useId();
  const count = t.countValue;
  const start = async () => {
    setBusy(true);
    setMessage(null);
    try {
      const id = await t.start();
      if (id) navigate(`/qbank/block/${id}`);
      else setMessage(EMPTY_POOL);
    } catch (e) {
      setMessage(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  const gives = count === null ? 0 : Math.min(count, t.poolSize);

  return (
    <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <Card className="flex flex-col gap-3">
        <h2 className="text-base font-bold text-fg">Subjects and topics</h2>
        <Tree tree={t.tree} t={t} />
      </Card>
      <Card className="flex h-fit flex-col gap-5 lg:sticky lg:top-4">
        <fieldset className="flex flex-col gap-2" aria-describedby={poolsId}>
          <legend className="mb-1 text-sm font-bold text-fg">Question pool</legend>
          {QBANK_POOLS.map((p) => (
            <CheckboxField
              key={p}
              label={POOL_LABELS[p]}
              checked={t.pools.includes(p)}
              onChange={() => t.togglePool(p)}
            />
          ))}
          <p id={poolsId} className="text-xs text-muted">
            More than one ticked: questions in any of them.
          </p>
        </fieldset>
        <p role="status" className="rounded-lg bg-surface-2 px-3 py-2 text-sm text-fg">
          <strong>{t.poolSize}</strong> {t.poolSize === 1 ? 'question' : 'questions'} in the chosen pool
        </p>
        <TextField
          label="Number of questions"
          type="number"
          inputMode="numeric"
          min={1}
          max={QBANK.maxQuestions}
          value={t.count}
          onChange={(e) => t.setCount(e.target.value)}
          hint={
            count === null
              ? `A number from 1 to ${QBANK.maxQuestions}.`
              : t.poolSize > 0 && count > t.poolSize
                ? `The pool has ${t.poolSize}: the test will have ${gives}.`
                : `1 to ${QBANK.maxQuestions}.`
          }
          aria-invalid={count === null || undefined}
        />
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-bold text-fg">Mode</legend>
          {(['tutor', 'timed'] as const).map((m) => (
            <label key={m} className="flex items-start gap-2 text-sm text-fg">
              <input
                type="radio"
                name={modeId}
                value={m}
                checked={t.mode === m}
                onChange={() => t.setMode(m)}
                className="mt-0.5 size-4 accent-primary"
              />
              <span>
                <span className="font-medium">{m === 'tutor' ? 'Tutor' : 'Timed'}</span>
                <span className="block text-xs text-muted">
                  {m === 'tutor'
                    ? 'The answer and explanation after each question.'
                    : 'A countdown; answers are revealed when the block ends.'}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
        {t.mode === 'timed' && (
          <TextField
            label="Seconds per question"
            type="number"
            inputMode="numeric"
            min={QBANK.minSecondsPerQuestion}
            max={QBANK.maxSecondsPerQuestion}
            value={t.seconds}
            onChange={(e) => t.setSeconds(e.target.value)}
            hint={`${QBANK.minSecondsPerQuestion} to ${QBANK.maxSecondsPerQuestion}; default ${QBANK.defaultSecondsPerQuestion}.`}
          />
        )}
        <CheckboxField
          label="Shuffle options"
          hint="The answer and statistics follow the option, not its letter."
          checked={t.shuffle}
          onChange={(e) => t.setShuffle(e.target.checked)}
        />
        {message && <Alert tone="error">{message}</Alert>}
        {t.poolSize === 0 && !message && <Alert>{EMPTY_POOL}</Alert>}
        <Button
          size="lg"
          onClick={() => void start()}
          busy={busy}
          disabled={t.poolSize === 0 || count === null || (t.mode === 'timed' && t.secondsValue === null)}
        >
          Start Test
        </Button>
      </Card>
    </div>
  );
}
