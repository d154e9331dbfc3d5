// The calls of Account → 'Import Anki progress' (issue 20): the upload (the file's bytes as the body, its
// name in the query), then — issue 32, the import is a job on the server — following it, cancelling it,
// and 'Try again'. A refusal carries the server's message (the package reader's, a sentence for students).
import type { AnkiProgressJob } from '@zan/core';
import { api, apiGet, apiUpload } from '../../../lib/api.ts';

const PATH = '/api/sync/anki-progress';
const at = (jobId: string) => `${PATH}/${encodeURIComponent(jobId)}`;

export const uploadAnkiProgress = (file: File): Promise<AnkiProgressJob> =>
  apiUpload(`${PATH}?fileName=${encodeURIComponent(file.name.slice(0, 255))}`, file);
export const fetchAnkiProgress = (jobId: string) => apiGet<AnkiProgressJob>(at(jobId));
export const cancelAnkiProgress = (jobId: string) => api<AnkiProgressJob>('POST', `${at(jobId)}/cancel`);
export const retryAnkiProgress = (jobId: string) => api<AnkiProgressJob>('POST', `${at(jobId)}/retry`);
