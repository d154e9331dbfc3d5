// Quizlet's export choices (issue 21): between term and definition tab, comma or custom; between cards
// new line, semicolon or custom — as Quizlet offers them, so the admin picks what they exported with.
import type { QuizletOptions } from '@zan/core';
import { useId, useState } from 'react';

type Choice = { label: string; value: string };
const BETWEEN: Choice[] = [
  { label: 'Tab', value: '\t' },
  { label: 'Comma', value: ',' },
];
const ROWS: Choice[] = [
  { label: 'New line', value: '\n' },
  { label: 'Semicolon', value: ';' },
];

function Separator({
  legend,
  choices,
  value,
  fallback,
  onChange,
}: {
  legend: string;
  choices: Choice[];
  value: string;
  fallback: string;
  onChange: (v: string) => void;
}) {
  const name = useId();
  const known = choices.some((c) => c.value === value);
  const [custom, setCustom] = useState(known ? '' : value);
  const [isCustom, setIsCustom] = useState(!known);
  const radio = 'size-4 accent-primary';
  return (
    <fieldset className="flex min-w-0 flex-col gap-1.5">
      <legend className="mb-1 text-sm font-medium text-fg">{legend}</legend>
      {choices.map((c) => (
        <label key={c.label} className="flex items-center gap-2 text-sm text-fg">
          <input
            type="radio"
            name={name}
            className={radio}
            checked={!isCustom && value === c.value}
            onChange={() => (setIsCustom(false), onChange(c.value))}
          />
          {c.label}
        </label>
      ))}
      <div className="flex flex-wrap items-center gap-2 text-sm text-fg">
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name={name}
            className={radio}
            checked={isCustom}
            onChange={() => (setIsCustom(true), onChange(custom || fallback))}
          />
          Custom
        </label>
        {isCustom && (
          <input
            aria-label={`${legend}: custom`}
            value={custom}
            maxLength={10}
            onChange={(e) => (setCustom(e.target.value), onChange(e.target.value || fallback))}
            className="w-24 rounded-lg border border-line bg-surface px-2 py-1 text-fg"
          />
        )}
      </div>
    </fieldset>
  );
}

export function QuizletSeparators({
  value,
  onChange,
}: {
  value: QuizletOptions;
  onChange: (v: QuizletOptions) => void;
}) {
  return (
    <div className="grid gap-3 rounded-xl border border-line p-3 sm:grid-cols-2">
      <Separator
        legend="Between term and definition"
        choices={BETWEEN}
        value={value.between}
        fallback={'\t'}
        onChange={(between) => onChange({ ...value, between })}
      />
      <Separator
        legend="Between cards"
        choices={ROWS}
        value={value.rows}
        fallback={'\n'}
        onChange={(rows) => onChange({ ...value, rows })}
      />
    </div>
  );
}
