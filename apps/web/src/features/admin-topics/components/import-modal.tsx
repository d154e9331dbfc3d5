// Import Questions / Import Cards (issue 21): a set name (the source's own name unless typed), a file or
// pasted text read in the detected format or the one chosen (Quizlet with its separators), the first
// items as students see them, counts, errors by line fixable in place ('Edit', 'Recheck'), items left
// out, duplicates of the set's items (skip / update / add), and 'Import' writing it all in one request.
import { importAccept, importFormats, readImportFile, type BulkKind } from '@zan/core';
import { useRef, useState } from 'react';
import { Alert, CheckboxField, SelectField, Spinner, TextAreaField } from '../../../ui/index.ts';
import { filesUsed, useFormatImport, type AnyFormat } from '../hooks/use-format-import.ts';
import { importProblem, plural, useImportUpload, type ImportBody } from '../hooks/use-import-upload.ts';
import { DuplicatesSection } from './duplicates-section.tsx';
import { ImportErrors, ImportSkipped } from './import-problems.tsx';
import { ImportPreview } from './import-preview.tsx';
import { FilePicker, ImportShell, SetNameField } from './import-shell.tsx';
import { QuizletSeparators } from './quizlet-separators.tsx';

const LABEL: Record<BulkKind, { title: string; set: string; item: string; files: string }> = {
  flashcards: {
    title: 'Import Cards',
    set: 'Deck name',
    item: 'card',
    files: 'A Quizlet or Anki text export, or a .csv / .tsv spreadsheet',
  },
  mcqs: {
    title: 'Import Questions',
    set: 'Quiz name',
    item: 'question',
    files: 'A Moodle XML, GIFT or Aiken file, or a .csv / .tsv spreadsheet',
  },
};

/** Longer texts are not put into the text box (about 200 KB): see below. */
const SHOWN_TEXT_MAX = 200_000;
const sizeOf = (text: string) => {
  const mb = text.length / (1024 * 1024);
  return mb >= 1 ? `${mb.toFixed(1)} MB` : `${Math.ceil(text.length / 1024)} KB`;
};

export function ImportModal({
  kind,
  topicId,
  onClose,
}: {
  kind: BulkKind;
  topicId: string;
  onClose: () => void;
}) {
  const l = LABEL[kind];
  const f = useFormatImport(kind, topicId);
  const upload = useImportUpload(kind, topicId);
  const [validOnly, setValidOnly] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const summary = useRef<HTMLParagraphElement>(null);
  const formats = importFormats(kind);
  const r = f.result;
  const errors = r?.ok ? r.errors : [];

  const submit = async () => {
    setMessage(null);
    const problem = importProblem(kind, f.name, r, errors.length, validOnly, 'items');
    if (problem || !r?.ok) return setMessage(problem);
    const plan = f.plan();
    if (!plan.ok) return setMessage(plan.error);
    const files = filesUsed(r.files, [...plan.add, ...plan.update]);
    const body = {
      name: f.name.trim(),
      add: plan.add,
      update: plan.update,
      source: f.format,
      ...(files.length ? { files } : {}),
    };
    const left = plan.skipped.length + r.skipped.length + errors.length;
    setMessage(
      await upload.send(body as ImportBody, onClose, left ? `; ${left.toLocaleString()} left out` : ''),
    );
  };

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setReading(true);
    const read = await readImportFile(file);
    setReading(false);
    if (!read.ok) return setMessage(read.error);
    setMessage(null);
    f.setFile(read.text, file.name);
  };

  const recheck: typeof f.recheck = (span, fixed) => {
    f.recheck(span, fixed);
    summary.current?.focus();
  };

  return (
    <ImportShell
      title={l.title}
      onSubmit={() => void submit()}
      onClose={onClose}
      pending={upload.pending}
      pendingText={`Importing ${r?.ok ? plural(r.items.length, l.item) : ''}…`}
      message={message}
      submitLabel="Import"
      submitDisabled={reading || f.parsing || f.checkingDuplicates}
    >
      <SetNameField
        label={l.set}
        value={f.name}
        onChange={(n) => (f.setName(n), setMessage(null))}
        target={f.target}
      />
      <FilePicker
        label="Choose a file"
        accept={importAccept(kind)}
        hint={l.files}
        onFile={(file) => void onFile(file)}
      />
      {f.text.length > SHOWN_TEXT_MAX ? (
        // A large file's text in a text box freezes the page for seconds (the browser's layout of it,
        // not the read): it is read in full, and shown only in the preview below.
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-line bg-surface-2 p-3 text-sm">
          <p className="text-muted">
            {`${f.fileName ?? 'The text'} (${sizeOf(f.text)}) is too long to show here; it is read in full below.`}
          </p>
          <button
            type="button"
            className="font-semibold text-primary hover:underline"
            onClick={() => (f.setText(''), setMessage(null))}
          >
            Paste text instead
          </button>
        </div>
      ) : (
        <TextAreaField
          label="Or paste the text"
          rows={6}
          value={f.text}
          onChange={(e) => (f.setText(e.target.value), setMessage(null))}
          className="[&_textarea]:font-mono [&_textarea]:text-sm"
          spellCheck={false}
        />
      )}
      <SelectField
        label="Format"
        hint={
          f.detected
            ? `Detected: ${formats.find((x) => x.id === f.detected)?.label ?? f.detected}`
            : undefined
        }
        value={f.format}
        onChange={(e) => f.setFormat(e.target.value as AnyFormat)}
      >
        {formats.map((x) => (
          <option key={x.id} value={x.id}>
            {x.label}
          </option>
        ))}
      </SelectField>
      {f.format === 'quizlet' && <QuizletSeparators value={f.quizlet} onChange={f.setQuizlet} />}

      {(reading || f.parsing) && (
        <p role="status" className="flex items-center gap-2 text-sm text-muted">
          <Spinner /> {reading ? 'Reading the file…' : 'Reading the items…'}
        </p>
      )}
      {r && !r.ok && <Alert tone="error">{r.line ? `${r.error} (line ${r.line})` : r.error}</Alert>}
      {r?.ok && (
        <section aria-label="Preview" className="flex flex-col gap-2">
          <p
            ref={summary}
            tabIndex={-1}
            aria-live="polite"
            className="text-sm font-semibold text-fg focus:outline-none"
          >
            {`Preview · ${plural(r.items.length, l.item)}, ${plural(r.errors.length, 'error')}, ${r.skipped.length.toLocaleString()} left out, ${plural(r.files.length, 'picture')}`}
          </p>
          <ImportPreview items={r.items} files={r.files} />
        </section>
      )}
      <ImportErrors errors={errors} sourceOf={f.sourceOf} recheck={recheck} disabled={f.parsing}>
        <CheckboxField
          label="Import valid items only"
          checked={validOnly}
          onChange={(e) => (setValidOnly(e.target.checked), setMessage(null))}
        />
      </ImportErrors>
      {r?.ok && <ImportSkipped skipped={r.skipped} />}
      {f.checkingDuplicates && <p className="text-sm text-muted">Checking for duplicates…</p>}
      <DuplicatesSection dups={f} item={l.item} where={(row) => `Line ${f.lineOf(row)}`} />
    </ImportShell>
  );
}
