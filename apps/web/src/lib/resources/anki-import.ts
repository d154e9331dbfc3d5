// 'Import Anki Deck' (issue 20, admin, online only): the .apkg upload with its progress (XMLHttpRequest:
// fetch reports none), the job the server reads it in, and 'Import'. Routes: apps/server/CONTEXT.md
// "Anki import API".
import { MSG, type AnkiImportBody, type AnkiImportJob } from '@zan/core';
import { ApiError, apiGet, api } from '../api.ts';
import { enc } from './paging.ts';

/** Uploads the package; `onProgress` gets 0–1 as it goes. Resolves with the job reading it. */
export function uploadAnkiPackage(
  topicId: string,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<{ jobId: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/admin/topics/${enc(topicId)}/anki-imports`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK', MSG.connectionLost));
    xhr.onload = () => {
      let data: unknown;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        data = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(data as { jobId: string });
      const err = (data as { error?: { code?: string; message?: string } } | null)?.error;
      reject(new ApiError(xhr.status, err?.code ?? `HTTP_${xhr.status}`, err?.message ?? MSG.unexpected));
    };
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

export const fetchAnkiImport = (jobId: string) =>
  apiGet<AnkiImportJob>(`/api/admin/anki-imports/${enc(jobId)}`);
export const startAnkiImport = (jobId: string, body: AnkiImportBody) =>
  api<AnkiImportJob>('POST', `/api/admin/anki-imports/${enc(jobId)}/import`, body);
