// Account → 'Scheduler' (issue 18): SM-2 (classic) or FSRS with its desired retention, steps and
// parameters ('Optimize'), the daily limits and the hour a day starts, and 'Reschedule all cards'.
// Saved to the account (every device of the student's); switching converts this device's cards.
import { MSG, SCHEDULER_LIMITS, type SchedulerKind } from '@zan/core';
import { useId, useRef, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { Alert, Button, Card, CheckboxField, SelectField, cx } from '../../../ui/index.ts';
import { retentionOf, type DraftField } from './scheduler-form.ts';
import { OptimizePanel } from './optimize-panel.tsx';
import { useSchedulerSection, type SaveStatus } from './use-scheduler-section.ts';

const CHOICES: { value: SchedulerKind; label: string; hint: string }[] = [
  {
    value: 'sm2',
    label: 'SM-2 (classic)',
    hint: 'The classic algorithm: intervals grow by each card’s ease.',
  },
  {
    value: 'fsrs',
    label: 'FSRS',
    hint: 'FSRS-6, as in Anki: models how well you remember each card and schedules it at the retention you choose.',
  },
];

const hourLabel = (h: number) => `${String(h).padStart(2, '0')}:00`;

export function SchedulerSection({ userId }: { userId: string }) {
  const s = useSchedulerSection(userId);
  const titleId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const fsrs = s.draft.scheduler === 'fsrs';
  const retention = retentionOf(s.draft.retention);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const bad = await s.submit();
    if (bad[0]) formRef.current?.querySelector<HTMLElement>(`[name="${bad[0]}"]`)?.focus();
  };

  return (
    <section aria-labelledby={titleId}>
      <Card>
        <h2 id={titleId} className="font-semibold text-fg">
          Scheduler
        </h2>
        <p className="mb-4 text-sm text-muted">
          How your flashcards are scheduled, and how many a day. Saved to your account for every device.
        </p>
        <form ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium text-fg">Algorithm</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {CHOICES.map((c) => (
                <Choice
                  key={c.value}
                  {...c}
                  checked={s.draft.scheduler === c.value}
                  onSelect={() => s.change('scheduler', c.value)}
                />
              ))}
            </div>
          </fieldset>

          {fsrs && (
            <div className="flex flex-col gap-4 rounded-xl border border-line bg-surface-2/50 p-4">
              <Field
                label="Desired retention"
                name="retention"
                suffix="%"
                inputMode="decimal"
                value={s.draft.retention}
                onChange={(e) => s.change('retention', e.target.value)}
                hint={`${MSG.retentionHint} ${pct(SCHEDULER_LIMITS.minRetention)}–${pct(SCHEDULER_LIMITS.maxRetention)}\u00a0%, default 90\u00a0%.`}
                warning={
                  retention !== null && retention > SCHEDULER_LIMITS.warnRetention
                    ? MSG.retentionHigh
                    : undefined
                }
                error={s.errors.retention}
                inputClassName="max-w-[8rem]"
              />
              <div className="grid gap-4 sm:grid-cols-2">
                <Field
                  label="Learning steps"
                  name="learningSteps"
                  value={s.draft.learningSteps}
                  onChange={(e) => s.change('learningSteps', e.target.value)}
                  hint="For new cards, as Anki writes them: 1m 10m (s, m, h, d)."
                  error={s.errors.learningSteps}
                  autoComplete="off"
                  spellCheck={false}
                />
                <Field
                  label="Relearning steps"
                  name="relearningSteps"
                  value={s.draft.relearningSteps}
                  onChange={(e) => s.change('relearningSteps', e.target.value)}
                  hint="For cards you forgot: 10m."
                  error={s.errors.relearningSteps}
                  autoComplete="off"
                  spellCheck={false}
                />
              </div>
              <OptimizePanel settings={s.settings} />
            </div>
          )}

          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium text-fg">Daily limits</legend>
            <div className="grid gap-4 sm:grid-cols-3">
              <Field
                label="New cards per day"
                name="newPerDay"
                inputMode="numeric"
                value={s.draft.newPerDay}
                onChange={(e) => s.change('newPerDay', e.target.value)}
                hint="In 'Review all due'. Default 20."
                error={s.errors.newPerDay}
              />
              <Field
                label="Maximum reviews per day"
                name="maxReviewsPerDay"
                inputMode="numeric"
                value={s.draft.maxReviewsPerDay}
                onChange={(e) => s.change('maxReviewsPerDay', e.target.value)}
                hint="Default 200."
                error={s.errors.maxReviewsPerDay}
              />
              <SelectField
                label="Day starts at"
                name="dayRolloverHour"
                value={s.draft.dayRolloverHour}
                onChange={(e) => s.change('dayRolloverHour', e.target.value)}
                hint="Your local time. Default 04:00."
              >
                {Array.from({ length: 24 }, (_, h) => (
                  <option key={h} value={String(h)}>
                    {hourLabel(h)}
                  </option>
                ))}
              </SelectField>
            </div>
          </fieldset>

          <CheckboxField
            label="Reschedule all cards"
            hint={MSG.rescheduleHint}
            checked={s.draft.reschedule}
            onChange={(e) => s.change('reschedule', e.target.checked)}
          />

          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <Button type="submit" busy={s.busy} disabled={!s.loaded} className="sm:w-auto">
              Save
            </Button>
            <SaveMessage status={s.status} dirty={s.dirty} />
          </div>
        </form>
      </Card>
    </section>
  );
}

const pct = (x: number) => Math.round(x * 100);

function Choice({
  value,
  label,
  hint,
  checked,
  onSelect,
}: {
  value: SchedulerKind;
  label: string;
  hint: string;
  checked: boolean;
  onSelect: () => void;
}) {
  const id = useId();
  return (
    <label
      htmlFor={id}
      className={cx(
        'flex cursor-pointer items-start gap-3 rounded-xl border p-3 transition focus-within:ring-2 focus-within:ring-primary/30',
        checked ? 'border-primary bg-primary/10' : 'border-line bg-surface hover:bg-surface-2',
      )}
    >
      <input
        id={id}
        type="radio"
        name="scheduler"
        value={value}
        checked={checked}
        onChange={onSelect}
        aria-describedby={`${id}-hint`}
        className="mt-1 size-4 shrink-0 accent-primary"
      />
      <span className="min-w-0">
        <span className="block text-sm font-medium text-fg">{label}</span>
        <span id={`${id}-hint`} className="block text-xs text-muted">
          {hint}
        </span>
      </span>
    </label>
  );
}

/** A labelled text input with its hint, a warning and its error (announced, tied to the input). */
function Field({
  label,
  hint,
  warning,
  error,
  suffix,
  className,
  inputClassName,
  name,
  ...rest
}: {
  label: string;
  name: DraftField;
  /** The input's own width (the hint below keeps the field's). */
  inputClassName?: string;
  hint?: ReactNode;
  warning?: string | undefined;
  error?: string | undefined;
  suffix?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'name'>) {
  const id = useId();
  const describedBy = [hint && `${id}-hint`, warning && `${id}-warn`, error && `${id}-error`]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={cx('flex flex-col gap-1', className)}>
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input
          id={id}
          name={name}
          type="text"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className={cx(
            'w-full min-w-0 rounded-lg border bg-surface px-3 py-2 text-sm text-fg placeholder:text-muted focus:outline-none focus:ring-2 focus:ring-primary/30',
            error ? 'border-danger focus:border-danger' : 'border-muted focus:border-primary',
            inputClassName,
          )}
          {...rest}
        />
        {suffix && (
          <span aria-hidden="true" className="text-sm text-muted">
            {suffix}
          </span>
        )}
      </div>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      )}
      {warning && (
        <p id={`${id}-warn`} className="text-xs font-medium text-warning">
          {warning}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

function SaveMessage({ status, dirty }: { status: SaveStatus; dirty: boolean }) {
  if (status.kind === 'error') return <Alert tone="error">{status.message}</Alert>;
  const text =
    status.kind === 'saving'
      ? 'Saving…'
      : status.kind === 'converting'
        ? MSG.schedulerConverting(status.done, status.total)
        : status.kind === 'saved'
          ? [MSG.schedulerSaved, status.changed ? MSG.schedulerConverted(status.changed) : '']
              .filter(Boolean)
              .join(' ')
          : dirty
            ? 'Unsaved changes.'
            : '';
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-1">
      {status.kind === 'converting' && (
        <div
          role="progressbar"
          aria-label="Updating cards"
          aria-valuemin={0}
          aria-valuemax={status.total}
          aria-valuenow={status.done}
          aria-valuetext={MSG.schedulerConverting(status.done, status.total)}
          className="h-2 w-full overflow-hidden rounded-full bg-surface-2"
        >
          <div
            className="h-full rounded-full bg-primary transition-[width] duration-200 motion-reduce:transition-none"
            style={{ width: `${status.total ? Math.round((status.done / status.total) * 100) : 100}%` }}
          />
        </div>
      )}
      <p
        role="status"
        className={cx('text-sm', status.kind === 'saved' ? 'font-medium text-success' : 'text-muted')}
      >
        {text}
      </p>
    </div>
  );
}
