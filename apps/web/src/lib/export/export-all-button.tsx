// 'Export all' on the topic, subject and module pages (issue 21): a dialog that says what the zip holds,
// builds it with progress (n of m resources), downloads it and confirms what was exported, listing
// anything that could not be.
import { MSG } from '@zan/core';
import { useState } from 'react';
import { Alert, Button, Modal } from '../../ui/index.ts';
import { failureText } from '../failure.ts';
import { saveFile } from './download.ts';
import { buildExportZip, type ExportScope, type ZipProgress, type ZipSummary } from './zip-export.ts';

type State =
  | { step: 'ask' }
  | { step: 'running'; progress: ZipProgress }
  | { step: 'done'; summary: ZipSummary }
  | { step: 'failed'; message: string };

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function ExportAllButton({ scope }: { scope: ExportScope }) {
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<State>({ step: 'ask' });
  const running = state.step === 'running';

  const start = () => {
    setState({ step: 'running', progress: { done: 0, total: 0, current: scope.name } });
    buildExportZip(scope, (progress) => setState({ step: 'running', progress }))
      .then((summary) => {
        if (summary.bytes.length > 0) saveFile(summary.fileName, summary.bytes, 'application/zip');
        setState({ step: 'done', summary });
      })
      .catch((err: unknown) => setState({ step: 'failed', message: failureText(MSG.exportZipFailed, err) }));
  };

  return (
    <>
      <Button
        variant="secondary"
        onClick={() => {
          setState({ step: 'ask' });
          setOpen(true);
        }}
      >
        Export all
      </Button>
      <Modal
        open={open}
        onOpenChange={(o) => !running && setOpen(o)}
        hideClose={running}
        title={`Export ${scope.kind} "${scope.name}"`}
        description="One zip with every deck (CSV, Quizlet, Anki text), every quiz (Moodle XML, GIFT, Aiken) and each lecture page as HTML with its pictures, in folders by subject and topic."
      >
        {state.step === 'ask' && (
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button onClick={start}>Export</Button>
          </div>
        )}
        {state.step === 'running' && <Progress progress={state.progress} />}
        {state.step === 'failed' && (
          <div className="flex flex-col gap-3">
            <Alert tone="error">{state.message}</Alert>
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={() => setOpen(false)}>
                Close
              </Button>
              <Button onClick={start}>Try Again</Button>
            </div>
          </div>
        )}
        {state.step === 'done' && <Done summary={state.summary} onClose={() => setOpen(false)} />}
      </Modal>
    </>
  );
}

function Progress({ progress }: { progress: ZipProgress }) {
  const { done, total, current } = progress;
  return (
    <div className="flex flex-col gap-2">
      <progress
        className="h-2 w-full accent-primary"
        aria-label="Export progress"
        max={Math.max(total, 1)}
        value={total === 0 ? undefined : done}
      />
      <p role="status" className="text-sm text-muted">
        {total === 0
          ? 'Listing what to export…'
          : `Exporting ${Math.min(done + 1, total)} of ${total}: ${current}`}
      </p>
    </div>
  );
}

function Done({ summary: s, onClose }: { summary: ZipSummary; onClose: () => void }) {
  const empty = s.bytes.length === 0;
  return (
    <div className="flex flex-col gap-3">
      <p role="status" className="text-sm text-fg">
        {empty
          ? MSG.exportNothing
          : `Exported ${plural(s.decks, 'deck')}, ${plural(s.quizzes, 'quiz', 'quizzes')}, ${plural(s.pages, 'lecture page')} and ${plural(s.pictures, 'picture')} into ${s.fileName}.`}
      </p>
      {s.failed.length > 0 && (
        <Alert tone="error">
          <p>{`${plural(s.failed.length, 'item')} could not be exported:`}</p>
          <ul className="mt-1 list-disc pl-5">
            {s.failed.map((f) => (
              <li key={f.name}>{`${f.name}: ${f.reason}`}</li>
            ))}
          </ul>
        </Alert>
      )}
      {s.missingPictures > 0 && (
        <Alert tone="info">{`${plural(s.missingPictures, 'picture')} could not be fetched and ${s.missingPictures === 1 ? 'is' : 'are'} missing from the zip.`}</Alert>
      )}
      <div className="flex justify-end">
        <Button onClick={onClose}>Done</Button>
      </div>
    </div>
  );
}
