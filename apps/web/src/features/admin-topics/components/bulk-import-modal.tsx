// Bulk Add Cards / Bulk Add MCQs (SPEC §2 bulk import modal, §5 Bulk import, §9 preview): a name, pasted
// text or a .csv/.tsv file, the first 5 rows (cells cut at 50) with the row count, rows with errors by
// row number ('Import valid rows only'), duplicates of the set's items with skip / update / add, and
// 'Confirm & Upload' writing everything in one transaction.
import { IMPORT_COLUMNS, readImportFile, type BulkKind } from '@zan/core';
import { useState } from 'react';
import { Alert, CheckboxField, cx, Spinner, TextAreaField } from '../../../ui/index.ts';
import { useBulkImport } from '../hooks/use-bulk-import.ts';
import { importProblem, plural, useImportUpload, type ImportBody } from '../hooks/use-import-upload.ts';
import { DuplicatesSection } from './duplicates-section.tsx';
import { FilePicker, ImportShell, SetNameField } from './import-shell.tsx';

const LABEL: Record<BulkKind, { title: string; set: string; item: string; example: string }> = {
  flashcards: {
    title: 'Bulk Add Cards',
    set: 'Deck name',
    item: 'card',
    example: 'Front,Back\nWhat does the SA node do?,Sets the heart rhythm',
  },
  mcqs: {
    title: 'Bulk Add MCQs',
    set: 'Quiz name',
    item: 'question',
    example: 'Question,A,B,C,D,E,Correct,Explanation\nWhich nerve…?,Ulnar,Radial,Median,,,B,Because…',
  },
};

/** Readable preview columns (issue 22): an MCQ's question and explanation get room, the options a
 *  little, the correct option its own width; the table scrolls sideways when it must. */
export const columnWidth = (name: string): string =>
  /question|explanation/i.test(name) ? 'min-w-64' : /correct/i.test(name) ? 'whitespace-nowrap' : 'min-w-28';

export function BulkImportModal({
  kind,
  topicId,
  onClose,
}: {
  kind: BulkKind;
  topicId: string;
  onClose: () => void;
}) {
  const l = LABEL[kind];
  const [name, setName] = useState('');
  const [validOnly, setValidOnly] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const b = useBulkImport(kind, topicId, name);
  const upload = useImportUpload(kind, topicId);
  const p = b.prepared;
  const errors = p?.ok ? p.errors : [];

  const submit = async () => {
    setMessage(null);
    const problem = importProblem(kind, name, p, errors.length, validOnly, 'rows');
    if (problem) return setMessage(problem);
    const plan = b.plan();
    if (!plan.ok) return setMessage(plan.error);
    const body = { name: name.trim(), add: plan.add, update: plan.update };
    setMessage(await upload.send(body as ImportBody, onClose));
  };

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const read = await readImportFile(file);
    if (!read.ok) return setMessage(read.error);
    setMessage(null);
    b.setText(read.text, read.delimiter);
  };

  return (
    <ImportShell
      title={l.title}
      onSubmit={() => void submit()}
      onClose={onClose}
      pending={upload.pending}
      pendingText={`Uploading ${p?.ok ? plural(p.valid.length, l.item) : ''}…`}
      message={message}
      submitLabel="Confirm & Upload"
      submitDisabled={b.parsing || b.checkingDuplicates}
    >
      <SetNameField
        label={l.set}
        value={name}
        onChange={(n) => (setName(n), setMessage(null))}
        target={b.target}
      />
      <TextAreaField
        label="Paste comma-separated data"
        hint={`Columns: ${IMPORT_COLUMNS[kind].join(', ')}. A header row is optional.`}
        placeholder={l.example}
        rows={6}
        value={b.text}
        onChange={(e) => (b.setText(e.target.value), setMessage(null))}
      />
      <FilePicker
        label="Or choose a .csv or .tsv file"
        accept=".csv,.tsv,text/csv,text/tab-separated-values"
        onFile={(f) => void onFile(f)}
      />

      {b.parsing && (
        <p role="status" className="flex items-center gap-2 text-sm text-muted">
          <Spinner /> Reading the rows…
        </p>
      )}
      {p && !p.ok && <Alert tone="error">{p.row ? `${p.error} (row ${p.row})` : p.error}</Alert>}
      {p?.ok && (
        <section aria-label="Preview" className="flex flex-col gap-2">
          <p className="text-sm font-semibold text-fg" aria-live="polite">
            {`Preview · ${plural(p.rowCount, 'row')}, ${plural(p.valid.length, 'valid ' + l.item)}`}
          </p>
          {/* Focusable: a table wider than a phone scrolls sideways from the keyboard too. */}
          <div
            tabIndex={0}
            role="group"
            aria-label="Preview rows"
            className="overflow-x-auto rounded-xl border border-line focus-visible:outline-2 focus-visible:outline-primary"
          >
            <table className="w-full text-left text-sm">
              <caption className="sr-only">First rows of the import</caption>
              <thead className="bg-surface-2 text-xs uppercase text-muted">
                <tr>
                  {p.preview.columns.map((c, i) => (
                    <th key={i} scope="col" className={cx('px-3 py-2 font-medium', columnWidth(c))}>
                      {c}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {p.preview.rows.map((r, i) => (
                  <tr key={i} className="border-t border-line">
                    {r.map((c, j) => (
                      <td key={j} className="px-3 py-2 align-top text-fg">
                        {c}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
      {errors.length > 0 && (
        <section
          aria-label="Rows with errors"
          className="flex flex-col gap-2 rounded-xl border border-danger/40 bg-danger/5 p-3"
        >
          <p className="text-sm font-semibold text-danger">{`${plural(errors.length, 'row')} with errors`}</p>
          <ul className="max-h-32 overflow-y-auto text-sm text-fg">
            {errors.slice(0, 100).map((e) => (
              <li key={e.row}>{`Row ${e.row}: ${e.messages.join(' ')}`}</li>
            ))}
          </ul>
          <CheckboxField
            label="Import valid rows only"
            checked={validOnly}
            onChange={(e) => (setValidOnly(e.target.checked), setMessage(null))}
          />
        </section>
      )}
      {b.checkingDuplicates && <p className="text-sm text-muted">Checking for duplicates…</p>}
      <DuplicatesSection dups={b} item={l.item} where={(row) => `Row ${row}`} />
    </ImportShell>
  );
}
