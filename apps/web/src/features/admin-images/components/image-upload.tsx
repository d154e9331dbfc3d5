// Upload a PNG or JPEG into the chosen scope: a button-styled file picker (keyboard: Tab to it, Enter
// or Space opens the picker), progress while the server converts it to webp, and the spec's messages.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImageUploadResponse } from '@zan/core';
import { useId, useRef } from 'react';
import { keys } from '../../../lib/resources/keys.ts';
import {
  IMAGE_ACCEPT,
  localImageProblem,
  uploadFailureText,
  uploadImageTo,
  type ImageScope,
} from '../../../lib/resources/images.ts';
import { cx, Spinner } from '../../../ui/index.ts';
import { UploadIcon } from '../../../ui/icons.tsx';

/** What the screen shows under its header after an upload: the refusal, or the timeout warning. */
export type UploadNotice = { tone: 'error' | 'info'; text: string };

export function ImageUpload({
  scope,
  onUploaded,
  onMessage,
}: {
  scope: ImageScope | null;
  onUploaded: (res: ImageUploadResponse) => void;
  onMessage: (notice: UploadNotice | null) => void;
}) {
  const qc = useQueryClient();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useMutation({
    mutationFn: ({ file }: { file: File }) => uploadImageTo(scope!, file),
    onSuccess: async (res) => {
      if (res.warning) onMessage({ tone: 'info', text: res.warning });
      onUploaded(res);
      await qc.invalidateQueries({ queryKey: keys.allImages() });
    },
    onError: (err) => onMessage({ tone: 'error', text: uploadFailureText(err) }),
    onSettled: () => {
      if (input.current) input.current.value = '';
    },
  });
  const disabled = !scope || upload.isPending;

  const choose = (file: File | undefined) => {
    onMessage(null);
    const local = localImageProblem(file);
    if (local) return onMessage({ tone: 'error', text: local });
    upload.mutate({ file: file! });
  };

  return (
    <div className="flex flex-col items-stretch gap-1 sm:items-end">
      <label
        htmlFor={id}
        className={cx(
          'inline-flex h-10 cursor-pointer items-center justify-center gap-2 rounded-lg bg-primary px-4 text-sm font-semibold text-primary-fg shadow-sm transition focus-within:ring-2 focus-within:ring-primary/40 focus-within:ring-offset-2 hover:brightness-110',
          disabled && 'pointer-events-none opacity-60',
        )}
      >
        {upload.isPending ? <Spinner className="size-4" /> : <UploadIcon className="size-4" />}
        {upload.isPending ? 'Uploading…' : 'Upload Image'}
        <input
          id={id}
          ref={input}
          type="file"
          accept={IMAGE_ACCEPT}
          disabled={disabled}
          aria-describedby={`${id}-hint`}
          className="sr-only"
          onChange={(e) => choose(e.target.files?.[0])}
        />
      </label>
      <p id={`${id}-hint`} className="text-xs text-muted sm:text-right">
        PNG or JPEG, at most 10 MB. Converted to WebP.
      </p>
      <div role="status" aria-live="polite" className="sr-only">
        {upload.isPending ? `Uploading ${upload.variables?.file.name ?? 'image'}…` : ''}
      </div>
    </div>
  );
}
