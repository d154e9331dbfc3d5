// 'Import Anki Deck' (issue 20, admin, online only): the .apkg upload with its progress (lib/api.ts
// apiUploadWithProgress), the job the server reads it in, and 'Import'; Cancel and Try again (issue 32). Routes: apps/server/CONTEXT.md
// "Anki import API".
import type { AnkiImportBody, AnkiImportJob } from '@zan/core';
import { api, apiGet, apiUploadWithProgress } from '../api.ts';
import { enc } from './paging.ts';

/** Uploads the package; `onProgress` gets 0–1 as it goes. Resolves with the job reading it. */
export function uploadAnkiPackage(
  topicId: string,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<{ jobId: string }> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiUploadWithProgress(`/api/admin/topics/${enc(topicId)}/anki-imports`, form, onProgress);
}

export const fetchAnkiImport = (jobId: string) =>
  apiGet<AnkiImportJob>(`/api/admin/anki-imports/${enc(jobId)}`);
export const startAnkiImport = (jobId: string, body: AnkiImportBody) =>
  api<AnkiImportJob>('POST', `/api/admin/anki-imports/${enc(jobId)}/import`, body);
/** Issue 32: stops a queued or running import; runs a failed one again from the kept package. */
export const cancelAnkiImport = (jobId: string) =>
  api<AnkiImportJob>('POST', `/api/admin/anki-imports/${enc(jobId)}/cancel`);
export const retryAnkiImport = (jobId: string) =>
  api<AnkiImportJob>('POST', `/api/admin/anki-imports/${enc(jobId)}/retry`);
