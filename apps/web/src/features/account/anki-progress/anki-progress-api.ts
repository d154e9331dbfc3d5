// The upload of Account → 'Import Anki progress' (issue 20): the file's bytes as the body, its name in the
// query; a refusal carries the server's message (the package reader's, already a sentence for students).
import { MSG, type AnkiProgressImportResponse } from '@zan/core';
import { ApiError } from '../../../lib/api.ts';

export async function uploadAnkiProgress(file: File): Promise<AnkiProgressImportResponse> {
  let res: Response;
  try {
    res = await fetch(`/api/sync/anki-progress?fileName=${encodeURIComponent(file.name.slice(0, 255))}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/octet-stream', Accept: 'application/json' },
      body: file,
    });
  } catch {
    throw new ApiError(0, 'NETWORK', MSG.connectionLost);
  }
  const data: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const err = (data as { error?: { code?: string; message?: string } } | null)?.error;
    throw new ApiError(res.status, err?.code ?? 'HTTP_' + res.status, err?.message ?? MSG.unexpected);
  }
  return data as AnkiProgressImportResponse;
}
