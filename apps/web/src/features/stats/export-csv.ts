// 'Export to CSV' (SPEC §9 Exports): the two files, built with core's escaping toCsv, downloaded through
// a Blob link (works offline).
import { formatDuration, toCsv, type CsvColumn, type ModuleStats, type SubjectStats } from '@zan/core';

export const SUBJECT_CSV = 'study-stats-by-subject.csv';
export const MODULE_CSV = 'study-stats-by-module.csv';

const SUBJECT_COLUMNS: CsvColumn<SubjectStats>[] = [
  { header: 'Subject', value: (r) => r.subjectName },
  { header: 'Module', value: (r) => r.moduleLabel },
  { header: 'Total Time', value: (r) => formatDuration(r.totalSeconds) },
  { header: 'Sessions', value: (r) => r.sessions },
  { header: 'Average', value: (r) => formatDuration(r.averageSeconds) },
  { header: 'Total Seconds', value: (r) => r.totalSeconds },
];

const MODULE_COLUMNS: CsvColumn<ModuleStats>[] = [
  { header: 'Module', value: (r) => r.moduleLabel },
  { header: 'Subjects', value: (r) => r.subjects },
  { header: 'Total Time', value: (r) => formatDuration(r.totalSeconds) },
  { header: 'Sessions', value: (r) => r.sessions },
  { header: 'Average', value: (r) => formatDuration(r.averageSeconds) },
  { header: 'Total Seconds', value: (r) => r.totalSeconds },
];

const subjectCsv = (rows: readonly SubjectStats[]): string => toCsv(rows, SUBJECT_COLUMNS);
const moduleCsv = (rows: readonly ModuleStats[]): string => toCsv(rows, MODULE_COLUMNS);

/** Saves `text` as a UTF-8 CSV file (with a BOM, so spreadsheets read accents correctly). */
function downloadCsv(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  // Revoke after the browser has started the download.
  window.setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

export function exportStatsCsv(bySubject: readonly SubjectStats[], byModule: readonly ModuleStats[]): void {
  downloadCsv(SUBJECT_CSV, subjectCsv(bySubject));
  downloadCsv(MODULE_CSV, moduleCsv(byModule));
}
