// Account → Scheduler's state (issue 18): the draft over the stored settings, its messages, and Save —
// the settings stored (synced by the progress sync), then, when switching needs it, every reviewed card
// on this device converted in chunks with progress (local/scheduler-switch.ts), offline too.
import { MSG, switchTouchesCards } from '@zan/core';
import { useCallback, useContext, useState } from 'react';
import { getUserDb } from '../../../local/db.ts';
import { switchSchedulerOnDevice } from '../../../local/scheduler-switch.ts';
import { useSchedulerSettings } from '../../../lib/use-scheduler-settings.ts';
import { SyncContext } from '../../../sync/use-sync.ts';
import {
  applyPatch,
  draftChanged,
  draftOf,
  readDraft,
  switchOf,
  type DraftErrors,
  type DraftField,
  type SchedulerDraft,
} from './scheduler-form.ts';

export type SaveStatus =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'converting'; done: number; total: number }
  | { kind: 'saved'; changed: number | null }
  | { kind: 'error'; message: string };

export function useSchedulerSection(userId: string) {
  const { settings, loaded, save } = useSchedulerSettings(userId);
  const sync = useContext(SyncContext);
  /** null: nothing typed since the last save — the form shows the stored settings (live). */
  const [edited, setEdited] = useState<SchedulerDraft | null>(null);
  const [errors, setErrors] = useState<DraftErrors>({});
  const [status, setStatus] = useState<SaveStatus>({ kind: 'idle' });
  const draft = edited ?? draftOf(settings);
  const busy = status.kind === 'saving' || status.kind === 'converting';

  const change = useCallback(
    <K extends keyof SchedulerDraft>(field: K, value: SchedulerDraft[K]) => {
      setEdited((d) => ({ ...(d ?? draftOf(settings)), [field]: value }));
      setErrors((e) => {
        if (!(field in e)) return e;
        const rest = { ...e };
        delete rest[field as DraftField];
        return rest;
      });
      setStatus((s) => (s.kind === 'saved' || s.kind === 'error' ? { kind: 'idle' } : s));
    },
    [settings],
  );

  /** Saves the draft; returns the fields in error (the form focuses the first). */
  const submit = useCallback(async (): Promise<DraftField[]> => {
    const read = readDraft(draft);
    if (!read.ok) {
      setErrors(read.errors);
      setStatus({ kind: 'idle' });
      return Object.keys(read.errors) as DraftField[];
    }
    setErrors({});
    const next = applyPatch(settings, read.patch);
    const cards = switchOf(settings, next, draft.reschedule);
    setStatus({ kind: 'saving' });
    try {
      await save(next);
      let changed: number | null = null;
      if (switchTouchesCards(cards)) {
        const result = await switchSchedulerOnDevice({
          db: getUserDb(userId),
          userId,
          change: cards,
          now: new Date(),
          onProgress: (p) => setStatus({ kind: 'converting', ...p }),
        });
        changed = result.changed;
        if (changed > 0) sync?.scheduleProgressUpload();
      }
      setEdited(null);
      setStatus({ kind: 'saved', changed });
    } catch {
      setStatus({ kind: 'error', message: MSG.schedulerSaveFailed });
    }
    return [];
  }, [draft, settings, save, userId, sync]);

  return {
    settings,
    loaded,
    draft,
    errors,
    status,
    busy,
    dirty: edited !== null && draftChanged(draft, settings),
    change,
    submit,
  };
}
