// Lecture pages and images (admin, online only): a page for the lecture editor, create and update
// (the server sanitises the body), the topic's images newest first, and an image upload (multipart).
// Routes: apps/server/CONTEXT.md "Topic resources API" and /api/admin/images.
import { queryOptions } from '@tanstack/react-query';
import {
  type ImageDto,
  type ImageUploadResponse,
  type PageCreateBody,
  type PageResponse,
  type PageUpdateBody,
} from '@zan/core';
import { apiGet, apiPatch, apiPost } from '../api.ts';
import { fetchImages, uploadImageTo } from './images.ts';
import { keys } from './keys.ts';
import { enc } from './paging.ts';

export const fetchPage = (id: string) => apiGet<PageResponse>(`/api/admin/pages/${enc(id)}`);
export const pageEditorQuery = (id: string) =>
  queryOptions({ queryKey: keys.page(id), queryFn: () => fetchPage(id) });
export const createPage = (body: PageCreateBody) => apiPost<PageResponse>('/api/admin/pages', body);
export const updatePage = (id: string, body: PageUpdateBody) =>
  apiPatch<PageResponse>(`/api/admin/pages/${enc(id)}`, body);

export const topicImagesQuery = (topicId: string) =>
  queryOptions({
    queryKey: keys.images(topicId),
    queryFn: () => fetchImages({ topicId }),
  });

/** Uploads one file into the topic's college and year group; errors carry the server's reason. */
export const uploadImage = (topicId: string, file: File): Promise<ImageUploadResponse> =>
  uploadImageTo({ topicId }, file);

/** The URL a page shows: the optimised webp when there is one. */
export const imageSrc = (img: Pick<ImageDto, 'webpUrl' | 'storageUrl'>) => img.webpUrl ?? img.storageUrl;
