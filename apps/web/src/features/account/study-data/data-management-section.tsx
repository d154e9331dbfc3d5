// SPEC §2 Account page 'Data Management': export the study data as JSON, import it back (validated, and
// only after a confirmation that it overwrites all current progress irreversibly).
import { useRef, type ReactNode } from 'react';
import { Alert, Button, Card, ConfirmDialog } from '../../../ui/index.ts';
import { ExportIcon, ImportIcon } from '../../../ui/icons.tsx';
import { useStudyData } from './use-study-data.ts';

export function DataManagementSection({ userId }: { userId: string }) {
  const { notice, pending, busy, exportData, chooseFile, confirmImport, cancelImport } = useStudyData(userId);
  const input = useRef<HTMLInputElement>(null);
  const records = pending ? pending.data.userProgress.length + pending.data.studySessions.length : 0;

  return (
    <Card aria-labelledby="data-management-title">
      <h2 id="data-management-title" className="font-semibold text-fg">
        Data Management
      </h2>
      <p className="mb-4 text-sm text-muted">
        Back up your study progress and time, or restore them from a backup file.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <Tile
          icon={<ExportIcon className="size-5" strokeWidth={1.8} />}
          title="Export study data"
          text="Download your card progress and study sessions as a JSON file."
          action={
            <Button
              variant="secondary"
              busy={busy === 'export'}
              disabled={busy !== null}
              onClick={() => void exportData()}
            >
              Export
            </Button>
          }
        />
        <Tile
          icon={<ImportIcon className="size-5" />}
          title="Import study data"
          text="Restore from an exported file. It replaces your current progress."
          action={
            <Button
              variant="secondary"
              busy={busy === 'import'}
              disabled={busy !== null}
              onClick={() => input.current?.click()}
            >
              Import
            </Button>
          }
        />
      </div>
      <input
        ref={input}
        type="file"
        accept=".json,application/json"
        aria-label="Study data file"
        className="sr-only"
        tabIndex={-1}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = ''; // choosing the same file again still fires
          if (file) void chooseFile(file);
        }}
      />
      {notice && (
        <Alert tone={notice.tone} className="mt-4">
          {notice.text}
        </Alert>
      )}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && cancelImport()}
        title="Overwrite your study data?"
        body={
          <>
            Importing <span className="font-medium text-fg">{pending?.fileName}</span> ({records}{' '}
            {records === 1 ? 'record' : 'records'}) will overwrite all of your current progress and study
            sessions, on this device and in your account. This cannot be undone.
          </>
        }
        confirmLabel="Import and overwrite"
        onConfirm={confirmImport}
      />
    </Card>
  );
}

function Tile({
  icon,
  title,
  text,
  action,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  action: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-line bg-surface-2/40 p-4">
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="grid size-10 shrink-0 place-items-center rounded-lg bg-primary/10 text-primary"
        >
          {icon}
        </span>
        <div className="min-w-0">
          <h3 className="font-medium text-fg">{title}</h3>
          <p className="text-sm text-muted">{text}</p>
        </div>
      </div>
      <div className="mt-auto">{action}</div>
    </div>
  );
}
