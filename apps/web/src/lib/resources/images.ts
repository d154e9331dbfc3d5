// Images (admin, online only): browse a scope's images newest first (a topic's, or a college and year
// group's, optionally only those used in one page or card), upload one PNG/JPEG (multipart) and
// permanentlyDeleteImage. Routes: GET/POST /api/admin/images, DELETE /api/admin/images/:id.
import { queryOptions } from '@tanstack/react-query';
import { MSG, type ImageDto, type ImageUploadResponse } from '@zan/core';
import { apiDelete, apiGet, apiUpload } from '../api.ts';
import { keys } from './keys.ts';

export type ImageScope = { topicId: string } | { collegeId: string; yearGroup: string };
export type ImageListParams = { collegeId: string; yearGroup: string; usedIn?: string | undefined };

const query = (params: Record<string, string | undefined>) =>
  new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => !!e[1])).toString();

export const fetchImages = async (
  params: ImageScope & { usedIn?: string | undefined },
): Promise<ImageDto[]> => (await apiGet<{ images: ImageDto[] }>(`/api/admin/images?${query(params)}`)).images;

/** The images screen's list: a college and year group, newest first, optionally by usedIn. */
export const imageListQuery = (params: ImageListParams) =>
  queryOptions({
    queryKey: keys.imageList(params),
    queryFn: () => fetchImages(params),
    enabled: !!params.collegeId && !!params.yearGroup,
  });

/** Uploads one file into the scope; errors carry the server's reason (already a spec text). */
export function uploadImageTo(scope: ImageScope, file: File): Promise<ImageUploadResponse> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiUpload(`/api/admin/images?${query(scope)}`, form);
}

/** permanentlyDeleteImage: the row and its files. */
export const deleteImage = async (id: string): Promise<void> => {
  await apiDelete(`/api/admin/images/${encodeURIComponent(id)}`);
};

/** The spec's upload failure text for any error (server refusals already read as spec texts). */
export function uploadFailureText(err: unknown): string {
  const reason = err instanceof Error && err.message ? err.message : MSG.unexpected;
  return reason.startsWith('Image upload failed') ||
    reason === MSG.imageUploadForbidden ||
    reason === MSG.imageUploadUnauthenticated ||
    reason === MSG.imageNoFile
    ? reason
    : MSG.imageUploadFailedReason(reason);
}

/** 'Failed to delete image: {reason}' for any error. */
export function deleteFailureText(err: unknown): string {
  const reason = err instanceof Error && err.message ? err.message : MSG.unexpected;
  return reason.startsWith('Failed to delete image:') ? reason : MSG.imageDeleteFailed(reason);
}

/** A file the server would refuse by its name or type: the spec text, or null when it may go. */
export function localImageProblem(file: File | undefined): string | null {
  if (!file) return MSG.imageNoFile;
  if (!/\.(png|jpe?g)$/i.test(file.name) || !/^image\/(png|jpeg)$/.test(file.type))
    return MSG.imageUploadFailedReason(MSG.imageWrongType);
  return null;
}

export const IMAGE_ACCEPT = 'image/png,image/jpeg,.png,.jpg,.jpeg';
