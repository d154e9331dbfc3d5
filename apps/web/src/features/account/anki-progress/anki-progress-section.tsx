// Account → 'Import Anki progress' (issue 20): a student who studied the college's deck in Anki uploads
// their own .apkg / .colpkg; the server gives the matching cards their Anki scheduling and history and
// answers how many matched. The new states reach this device (and the others) through progress sync.
// Issue 32: the import is a job on the server — it may wait its turn ('Queued: …'), shows how far it got
// (followed by its live events, or polled), can be cancelled while it waits or runs, and a failed one
// offers 'Try again' without choosing the file again.
import {
  ANKI_PROGRESS_MESSAGES as T,
  JOB_KINDS,
  type AnkiProgressImportResponse,
  type AnkiProgressJob,
} from '@zan/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api.ts';
import { jobPollDelay, useJobEvents } from '../../../lib/resources/job-events.ts';
import { useSync } from '../../../sync/index.ts';
import { Alert, Button, Card } from '../../../ui/index.ts';
import {
  cancelAnkiProgress,
  fetchAnkiProgress,
  retryAnkiProgress,
  uploadAnkiProgress,
} from './anki-progress-api.ts';

type Notice = { tone: 'success' | 'info' | 'error'; text: string };

/** How often a job is asked for without the live stream. */
const POLL_MS = 1000;

const summaryText = (r: AnkiProgressImportResponse): string =>
  r.matched === 0 ? `${T.summary(r)} ${T.noMatch}` : T.summary(r);

/** A refused request's reason is the server's own sentence; anything else, the general one. */
const reasonOf = (err: unknown): string =>
  err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 401
    ? err.message
    : T.failed;

const goesOn = (job: AnkiProgressJob | null) => job?.state === 'queued' || job?.state === 'running';

export function AnkiProgressSection() {
  const { scheduleProgressUpload } = useSync();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [job, setJob] = useState<AnkiProgressJob | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const alive = useRef(true);
  useEffect(() => () => void (alive.current = false), []);

  /** The job as the server answered it: its end said, a finished import pulled. */
  const follow = useCallback(
    (next: AnkiProgressJob) => {
      if (!alive.current) return;
      setJob(next);
      if (next.state === 'done' && next.result) {
        setNotice({ tone: next.result.matched ? 'success' : 'info', text: summaryText(next.result) });
        // The server announces the new states live; this nudge also pulls them when the stream is down.
        scheduleProgressUpload();
      } else if (next.state === 'failed') setNotice({ tone: 'error', text: next.error ?? T.jobFailed });
      else if (next.state === 'cancelled') setNotice({ tone: 'info', text: T.cancelled });
      else setNotice(null);
    },
    [scheduleProgressUpload],
  );

  const running = goesOn(job);
  const jobId = job?.jobId;
  const refresh = useCallback(() => {
    if (!jobId) return;
    fetchAnkiProgress(jobId).then(follow, (err: unknown) => {
      if (alive.current) setNotice({ tone: 'error', text: reasonOf(err) });
    });
  }, [jobId, follow]);
  useJobEvents(JOB_KINDS.ankiProgress, (id) => (id === null || id === jobId) && refresh(), running);
  useEffect(() => {
    if (!running) return;
    const timer = setTimeout(refresh, jobPollDelay(POLL_MS));
    return () => clearTimeout(timer);
  }, [job, running, refresh]);

  const act = async (call: () => Promise<AnkiProgressJob>) => {
    try {
      follow(await call());
    } catch (err) {
      if (alive.current) setNotice({ tone: 'error', text: reasonOf(err) });
    }
  };

  const importFile = async (file: File) => {
    setUploading(true);
    setNotice(null);
    setJob(null);
    await act(() => uploadAnkiProgress(file));
    if (alive.current) setUploading(false);
  };

  const busy = uploading || running;
  const percent = Math.round((job?.progress ?? 0) * 100);
  return (
    <Card role="region" aria-labelledby="anki-progress-title">
      <h2 id="anki-progress-title" className="font-semibold text-fg">
        {T.importTitle}
      </h2>
      <p className="mb-4 text-sm text-muted">{T.importHint}</p>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" busy={busy} disabled={busy} onClick={() => input.current?.click()}>
          {busy ? T.importing : T.importButton}
        </Button>
        {running && job && (
          <Button variant="secondary" onClick={() => void act(() => cancelAnkiProgress(job.jobId))}>
            {T.cancel}
          </Button>
        )}
        {job?.state === 'failed' && job.canRetry && (
          <Button variant="secondary" onClick={() => void act(() => retryAnkiProgress(job.jobId))}>
            {T.retry}
          </Button>
        )}
      </div>
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
      {job?.state === 'queued' && (
        <p role="status" className="mt-4 text-sm text-muted">
          {T.queued(job.ahead ?? 0)}
        </p>
      )}
      {job?.state === 'running' && (
        <div className="mt-4 flex flex-col gap-1">
          <div
            role="progressbar"
            aria-label="Importing Anki progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2 w-full overflow-hidden rounded-full bg-surface"
          >
            <div
              className="h-full rounded-full bg-primary transition-[width] duration-200 motion-reduce:transition-none"
              style={{ width: `${percent}%` }}
            />
          </div>
          <p role="status" className="text-sm text-muted">
            {T.reading(percent)}
          </p>
        </div>
      )}
      {notice && (
        <Alert tone={notice.tone} className="mt-4">
          {notice.text}
        </Alert>
      )}
    </Card>
  );
}
