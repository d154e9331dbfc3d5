// The image client's messages: local refusals before any upload, server refusals kept as the spec's
// texts, other failures wrapped as 'Image upload failed: {reason}' / 'Failed to delete image: {reason}'.
import { MSG } from '@zan/core';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api.ts';
import { deleteFailureText, localImageProblem, uploadFailureText } from './images.ts';

const file = (name: string, type: string) => new File([new Uint8Array([1])], name, { type });

describe('image client messages', () => {
  it('refuses a missing file or a non-PNG/JPEG before uploading', () => {
    expect(localImageProblem(undefined)).toBe(MSG.imageNoFile);
    expect(localImageProblem(file('notes.txt', 'text/plain'))).toBe(
      MSG.imageUploadFailedReason(MSG.imageWrongType),
    );
    expect(localImageProblem(file('x.gif', 'image/gif'))).toBe(
      MSG.imageUploadFailedReason(MSG.imageWrongType),
    );
    expect(localImageProblem(file('heart.JPG', 'image/jpeg'))).toBeNull();
    expect(localImageProblem(file('heart.png', 'image/png'))).toBeNull();
  });

  it('keeps the server’s spec texts and wraps anything else', () => {
    const refused = MSG.imageUploadFailedReason(MSG.imageTooLarge);
    expect(uploadFailureText(new ApiError(400, 'IMAGE_REJECTED', refused))).toBe(refused);
    expect(uploadFailureText(new ApiError(403, 'FORBIDDEN', MSG.imageUploadForbidden))).toBe(
      MSG.imageUploadForbidden,
    );
    expect(uploadFailureText(new ApiError(0, 'NETWORK', MSG.connectionLost))).toBe(
      MSG.imageUploadFailedReason(MSG.connectionLost),
    );
  });

  it('says why a delete failed', () => {
    expect(deleteFailureText(new ApiError(404, 'IMAGE_NOT_FOUND', MSG.imageNotFound))).toBe(
      'Failed to delete image: Image not found.',
    );
    const already = MSG.imageDeleteFailed('bucket unavailable');
    expect(deleteFailureText(new ApiError(500, 'IMAGE_DELETE_FAILED', already))).toBe(already);
  });
});
