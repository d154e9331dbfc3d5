// 'Import Anki Deck' (issue 20): choose an .apkg (a .colpkg gets the server's refusal), watch it upload and
// be read, see the preview — counts, what is skipped and why, five sample cards as students will see them
// (a cloze sample as the player shows it, ui/study/card-faces.ts) — choose one deck per Anki deck or one named deck,
// then 'Import' and the result. Closing is refused while the upload or the import runs. Issue 32: the job
// may wait its turn ('Queued: 2 imports ahead of yours.'); 'Cancel import' stops it while it waits or runs,
// and a failed one offers 'Try again' (the server kept the package).
import {
  ANKI_IMPORT_MESSAGES,
  JOB_KINDS,
  type AnkiCardType,
  type AnkiImportJob,
  type AnkiImportPreview,
  type AnkiImportSample,
} from '@zan/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { reasonOf } from '../../../lib/failure.ts';
import { jobPollDelay, useJobEvents } from '../../../lib/resources/job-events.ts';
import { keys } from '../../../lib/resources/keys.ts';
import {
  cancelAnkiImport,
  fetchAnkiImport,
  retryAnkiImport,
  startAnkiImport,
  uploadAnkiPackage,
} from '../../../lib/resources/anki-import.ts';
import { TextField } from '../../../ui/index.ts';
import { CardFace } from '../../../ui/study/card-face.tsx';
import { studentFaces } from '../../../ui/study/card-faces.ts';
import { FilePicker, ImportShell } from './import-shell.tsx';

const TYPE_LABEL = {
  basic: 'Basic',
  reversed: 'Reversed',
  cloze: 'Cloze',
  custom: 'Custom note types',
} as const satisfies Record<AnkiCardType, string>;
const n = (x: number) => x.toLocaleString();
const plural = (x: number, one: string) => `${n(x)} ${one}${x === 1 ? '' : 's'}`;
const POLL_MS = 500;

type Phase = { step: 'choose' } | { step: 'upload'; fraction: number } | { step: 'job'; job: AnkiImportJob };

function Sample({ s, i }: { s: AnkiImportSample; i: number }) {
  const { front, back, cloze } = studentFaces(s);
  return (
    <li className="rounded-xl border border-line bg-surface p-3">
      <p className="mb-2 text-xs font-medium text-muted">{`${cloze ? `Cloze ${s.ord ?? 1}` : 'Card'} · ${s.deck}`}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <CardFace
          label={`Front of sample ${i + 1}`}
          html={front}
          cloze={cloze}
          className="text-base! sm:text-base!"
        />
        <CardFace
          label={`Back of sample ${i + 1}`}
          html={back}
          cloze={cloze}
          className="border-t border-line pt-3 text-base! sm:border-t-0 sm:border-l sm:pl-3 sm:pt-0 sm:text-base!"
        />
      </div>
    </li>
  );
}

function Preview({ p }: { p: AnkiImportPreview }) {
  const types = (Object.keys(TYPE_LABEL) as AnkiCardType[]).filter((t) => p.cardsByType[t]);
  return (
    <section aria-label="Preview" className="flex flex-col gap-3">
      <p role="status" className="text-sm text-fg">
        {`${p.fileName}: ${plural(p.notes, 'note')}, ${plural(p.cards, 'card')} (${types
          .map((t) => `${TYPE_LABEL[t]} ${n(p.cardsByType[t])}`)
          .join(', ')}), ${plural(p.pictures, 'picture')}.`}
      </p>
      {p.skipped.length > 0 && (
        <div className="text-sm">
          <p className="font-medium text-fg">Left out</p>
          <ul className="list-disc pl-5 text-muted">
            {p.skipped.map((s) => (
              <li key={s.reason}>{`${s.reason}: ${n(s.count)}`}</li>
            ))}
          </ul>
        </div>
      )}
      {p.missingMedia.length > 0 && (
        <p className="text-sm text-muted">{`Missing from the package: ${p.missingMedia.slice(0, 10).join(', ')}${
          p.missingMedia.length > 10 ? ` and ${n(p.missingMedia.length - 10)} more` : ''
        }`}</p>
      )}
      <ol aria-label="Sample cards as students see them" className="flex flex-col gap-3">
        {p.samples.map((s, i) => (
          <Sample key={i} s={s} i={i} />
        ))}
      </ol>
    </section>
  );
}

export function AnkiImportModal({ topicId, onClose }: { topicId: string; onClose: () => void }) {
  const qc = useQueryClient();
  const [file, setFile] = useState<File | undefined>();
  const [phase, setPhase] = useState<Phase>({ step: 'choose' });
  const [message, setMessage] = useState<string | null>(null);
  const [mode, setMode] = useState<'per-deck' | 'one'>('per-deck');
  const [deckName, setDeckName] = useState('');
  const alive = useRef(true);
  useEffect(() => () => void (alive.current = false), []);

  const job = phase.step === 'job' ? phase.job : null;
  const polling = job?.state === 'queued' || job?.state === 'reading' || job?.state === 'importing';
  /** The job as the server answered it: its failure or cancellation said, a finished import shown. */
  const follow = (next: AnkiImportJob) => {
    if (!alive.current) return;
    setPhase({ step: 'job', job: next });
    if (next.state === 'failed') setMessage(next.error);
    if (next.state === 'cancelled') setMessage(ANKI_IMPORT_MESSAGES.cancelled);
    if (next.state === 'done') void qc.invalidateQueries({ queryKey: keys.topicResources(topicId) });
  };
  const followLatest = useRef(follow);
  followLatest.current = follow;
  const jobId = job?.jobId;
  const refresh = useCallback(() => {
    if (!jobId) return;
    fetchAnkiImport(jobId).then(
      (next) => followLatest.current(next),
      (err: unknown) => alive.current && setMessage(reasonOf(err)),
    );
  }, [jobId]);
  // Issue 32: asked for again on the job's live events, and polled (slowly while the stream is open).
  useJobEvents(JOB_KINDS.ankiImport, (id) => (id === null || id === jobId) && refresh(), polling);
  useEffect(() => {
    if (!job || !polling) return;
    const timer = setTimeout(refresh, jobPollDelay(POLL_MS));
    return () => clearTimeout(timer);
  }, [job, polling, refresh]);

  const upload = async (f: File) => {
    setMessage(null);
    setPhase({ step: 'upload', fraction: 0 });
    try {
      const { jobId } = await uploadAnkiPackage(topicId, f, (fraction) =>
        setPhase({ step: 'upload', fraction }),
      );
      follow(await fetchAnkiImport(jobId));
    } catch (err) {
      setMessage(reasonOf(err));
      setPhase({ step: 'choose' });
    }
  };

  const submit = async () => {
    setMessage(null);
    if (phase.step === 'choose') {
      if (!file) return setMessage(ANKI_IMPORT_MESSAGES.noFile);
      return upload(file);
    }
    if (job?.state === 'done') return onClose();
    if (job?.state === 'failed' && job.canRetry) {
      try {
        setMessage(null);
        follow(await retryAnkiImport(job.jobId));
      } catch (err) {
        setMessage(reasonOf(err));
      }
      return;
    }
    if (job?.state === 'cancelled' || (job?.state === 'failed' && !job.canRetry)) {
      setPhase({ step: 'choose' });
      return setMessage(null);
    }
    if (job?.state !== 'ready') return;
    try {
      follow(
        await startAnkiImport(
          job.jobId,
          mode === 'one' ? { deckMode: 'one', deckName: deckName.trim() } : { deckMode: 'per-deck' },
        ),
      );
    } catch (err) {
      setMessage(reasonOf(err));
    }
  };

  const stop = async () => {
    if (!job) return;
    try {
      follow(await cancelAnkiImport(job.jobId));
    } catch (err) {
      setMessage(reasonOf(err));
    }
  };

  const busy = phase.step === 'upload' || polling;
  const percent = (x: number) => `${Math.round(x * 100)}%`;
  const pendingText =
    phase.step === 'upload'
      ? `Uploading… ${percent(phase.fraction)}`
      : job?.state === 'queued'
        ? ANKI_IMPORT_MESSAGES.queued(job.ahead ?? 0)
        : job?.state === 'reading'
          ? `Reading the package… ${percent(job.progress)}`
          : `Importing… ${percent(job?.progress ?? 0)}`;
  const result = job?.state === 'done' ? job.result : null;
  const again = job?.state === 'failed' || job?.state === 'cancelled';
  return (
    <ImportShell
      title="Import Anki Deck"
      onSubmit={() => void submit()}
      onClose={onClose}
      pending={busy}
      pendingText={pendingText}
      message={message}
      submitLabel={
        phase.step === 'choose'
          ? 'Upload'
          : result
            ? 'Done'
            : job?.state === 'failed' && job.canRetry
              ? 'Try again'
              : again
                ? 'Choose another file'
                : 'Import'
      }
      submitDisabled={busy || (job !== null && job.state !== 'ready' && job.state !== 'done' && !again)}
      stop={job && polling ? { label: 'Cancel import', onStop: () => void stop() } : undefined}
    >
      {phase.step === 'choose' && (
        <FilePicker
          label="Anki package"
          accept=".apkg,.colpkg"
          hint="An Anki Deck Package (.apkg), exported from Anki."
          onFile={(f) => {
            setFile(f);
            setMessage(null);
          }}
        />
      )}
      {job?.preview && !result && <Preview p={job.preview} />}
      {job?.state === 'ready' && job.preview && job.preview.cards > 0 && (
        <fieldset className="flex flex-col gap-2 text-sm text-fg">
          <legend className="mb-1 font-medium">Decks</legend>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="anki-deck-mode"
              checked={mode === 'per-deck'}
              onChange={() => setMode('per-deck')}
            />
            {`One deck per Anki deck (${job.preview.decks.map((d) => d.name).join(', ')})`}
          </label>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="anki-deck-mode"
              checked={mode === 'one'}
              onChange={() => setMode('one')}
            />
            Everything into one deck named…
          </label>
          {mode === 'one' && (
            <TextField
              label="Deck name"
              value={deckName}
              onChange={(e) => setDeckName(e.target.value)}
              maxLength={200}
            />
          )}
        </fieldset>
      )}
      {result && (
        <div role="status" className="text-sm text-fg">
          <p className="font-medium">Imported.</p>
          <ul className="list-disc pl-5">
            {result.decks.map((d) => (
              <li key={d.id}>
                {`${d.name}: ${plural(d.added, 'card')} added, ${n(d.updated)} updated, ${n(d.unchanged)} unchanged${
                  d.created ? ' (new deck)' : ''
                }`}
              </li>
            ))}
          </ul>
          {result.pictures > 0 && <p>{`${plural(result.pictures, 'picture')} stored.`}</p>}
        </div>
      )}
    </ImportShell>
  );
}
