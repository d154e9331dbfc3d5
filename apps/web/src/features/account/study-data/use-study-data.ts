// The account page's study data actions (SPEC §2 Data Management, §5, §8): export to a JSON file, read
// and validate an import file, then replace the local progress on confirmation and upload it.
import {
  MSG,
  NOTICE,
  buildExportFile,
  exportFileName,
  parseExportFile,
  type ImportedStudyData,
} from '@zan/core';
import { useCallback, useState } from 'react';
import { readStudyData, replaceStudyData } from '../../../local/study-data.ts';
import { useSync } from '../../../sync/index.ts';
import { saveFile } from '../../../lib/export/download.ts';

export type DataNotice = { tone: 'success' | 'error'; text: string };
/** A validated file waiting for the user's confirmation. */
export type PendingImport = { fileName: string; data: ImportedStudyData };

const reasonOf = (err: unknown): string => (err instanceof Error && err.message ? err.message : String(err));

export function useStudyData(userId: string) {
  const { scheduleProgressUpload } = useSync();
  const [notice, setNotice] = useState<DataNotice | null>(null);
  const [pending, setPending] = useState<PendingImport | null>(null);
  const [busy, setBusy] = useState<'export' | 'import' | null>(null);

  const exportData = useCallback(async () => {
    setBusy('export');
    setNotice(null);
    try {
      const now = new Date();
      const { userProgress, studySessions, rejectedOps, schedulerSettings, qbankBlocks } =
        await readStudyData(userId);
      const file = buildExportFile(
        userProgress,
        studySessions,
        now,
        rejectedOps,
        schedulerSettings,
        qbankBlocks,
      );
      saveFile(exportFileName(now), JSON.stringify(file, null, 2), 'application/json');
      setNotice({ tone: 'success', text: NOTICE.dataExported });
    } catch (err) {
      console.error('Study data export failed', err);
      setNotice({ tone: 'error', text: MSG.exportFailed });
    } finally {
      setBusy(null);
    }
  }, [userId]);

  /** Reads and validates the chosen file; a valid one waits in `pending` for confirmation. */
  const chooseFile = useCallback(async (file: File) => {
    setNotice(null);
    setPending(null);
    let text: string;
    try {
      text = await file.text();
    } catch (err) {
      console.error('Reading the import file failed', err);
      setNotice({ tone: 'error', text: MSG.readFileFailed });
      return;
    }
    const parsed = parseExportFile(text);
    if (!parsed.ok) {
      setNotice({ tone: 'error', text: parsed.error });
      return;
    }
    setPending({ fileName: file.name, data: parsed.data });
  }, []);

  const confirmImport = useCallback(async () => {
    if (!pending) return;
    setBusy('import');
    try {
      const summary = await replaceStudyData(userId, pending.data, new Date());
      setNotice({ tone: 'success', text: NOTICE.dataImported(summary.imported) });
      scheduleProgressUpload();
    } catch (err) {
      console.error('Study data import failed', err);
      setNotice({ tone: 'error', text: MSG.importFailed(reasonOf(err)) });
    } finally {
      setPending(null);
      setBusy(null);
    }
  }, [pending, userId, scheduleProgressUpload]);

  return {
    notice,
    pending,
    busy,
    exportData,
    chooseFile,
    confirmImport,
    cancelImport: () => setPending(null),
  };
}
