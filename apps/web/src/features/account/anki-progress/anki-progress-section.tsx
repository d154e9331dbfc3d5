// Account → 'Import Anki progress' (issue 20): a student who studied the college's deck in Anki uploads
// their own .apkg / .colpkg; the server gives the matching cards their Anki scheduling and history and
// answers how many matched. The new states reach this device (and the others) through progress sync.
import { ANKI_PROGRESS_MESSAGES as T, type AnkiProgressImportResponse } from '@zan/core';
import { useRef, useState } from 'react';
import { ApiError } from '../../../lib/api.ts';
import { useSync } from '../../../sync/index.ts';
import { Alert, Button, Card } from '../../../ui/index.ts';
import { uploadAnkiProgress } from './anki-progress-api.ts';

type Notice = { tone: 'success' | 'info' | 'error'; text: string };

const summaryText = (r: AnkiProgressImportResponse): string =>
  r.matched === 0 ? `${T.summary(r)} ${T.noMatch}` : T.summary(r);

export function AnkiProgressSection() {
  const { scheduleProgressUpload } = useSync();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);

  const importFile = async (file: File) => {
    setBusy(true);
    setNotice(null);
    try {
      const r = await uploadAnkiProgress(file);
      setNotice({ tone: r.matched ? 'success' : 'info', text: summaryText(r) });
      // The server announces the new states live; this nudge also pulls them when the stream is down.
      scheduleProgressUpload();
    } catch (err) {
      // A refused file's reason is the package reader's own sentence; anything else, the general one.
      const refused = err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 401;
      setNotice({ tone: 'error', text: refused ? err.message : T.failed });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card role="region" aria-labelledby="anki-progress-title">
      <h2 id="anki-progress-title" className="font-semibold text-fg">
        {T.importTitle}
      </h2>
      <p className="mb-4 text-sm text-muted">{T.importHint}</p>
      <Button variant="secondary" busy={busy} disabled={busy} onClick={() => input.current?.click()}>
        {busy ? T.importing : T.importButton}
      </Button>
      <input
        ref={input}
        type="file"
        accept=".apkg,.colpkg"
        aria-label="Anki file"
        className="sr-only"
        tabIndex={-1}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void importFile(file);
        }}
      />
      {notice && (
        <Alert tone={notice.tone} className="mt-4">
          {notice.text}
        </Alert>
      )}
    </Card>
  );
}
