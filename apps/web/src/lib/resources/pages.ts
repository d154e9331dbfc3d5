// Lecture pages and images (admin, online only): a page for the lecture editor, create and update
// (the server sanitises the body), the topic's images newest first, and an image upload (multipart).
// Routes: apps/server/CONTEXT.md "Topic resources API" and /api/admin/images.
import { queryOptions } from '@tanstack/react-query';
import {
  MSG,
  type ImageDto,
  type ImageUploadResponse,
  type PageCreateBody,
  type PageResponse,
  type PageUpdateBody,
} from '@zan/core';
import { ApiError, apiGet, apiPatch, apiPost } from '../api.ts';
import { keys } from './keys.ts';
import { enc } from './paging.ts';

export const pageEditorQuery = (id: string) =>
  queryOptions({
    queryKey: keys.page(id),
    queryFn: () => apiGet<PageResponse>(`/api/admin/pages/${enc(id)}`),
  });
export const createPage = (body: PageCreateBody) => apiPost<PageResponse>('/api/admin/pages', body);
export const updatePage = (id: string, body: PageUpdateBody) =>
  apiPatch<PageResponse>(`/api/admin/pages/${enc(id)}`, body);

export const topicImagesQuery = (topicId: string) =>
  queryOptions({
    queryKey: keys.images(topicId),
    queryFn: async () =>
      (await apiGet<{ images: ImageDto[] }>(`/api/admin/images?topicId=${enc(topicId)}`)).images,
  });

/** Uploads one file into the topic's college and year group; errors carry the server's reason. */
export async function uploadImage(topicId: string, file: File): Promise<ImageUploadResponse> {
  const form = new FormData();
  form.append('file', file, file.name);
  let res: Response;
  try {
    res = await fetch(`/api/admin/images?topicId=${enc(topicId)}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
      body: form,
    });
  } catch {
    throw new ApiError(0, 'NETWORK', MSG.connectionLost);
  }
  const data: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const err = (data as { error?: { code?: string; message?: string } } | null)?.error;
    throw new ApiError(res.status, err?.code ?? 'HTTP_' + res.status, err?.message ?? MSG.unexpected);
  }
  return data as ImageUploadResponse;
}

/** The URL a page shows: the optimised webp when there is one. */
export const imageSrc = (img: Pick<ImageDto, 'webpUrl' | 'storageUrl'>) => img.webpUrl ?? img.storageUrl;
