// The upload of Account → 'Import Anki progress' (issue 20): the file's bytes as the body, its name in the
// query; a refusal carries the server's message (the package reader's, already a sentence for students).
import type { AnkiProgressImportResponse } from '@zan/core';
import { apiUpload } from '../../../lib/api.ts';

export const uploadAnkiProgress = (file: File): Promise<AnkiProgressImportResponse> =>
  apiUpload(`/api/sync/anki-progress?fileName=${encodeURIComponent(file.name.slice(0, 255))}`, file);
