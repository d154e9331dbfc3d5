// Insert an image into a lecture or a card face: upload a PNG or JPEG (converted to webp by the server) or pick one
// of the topic's images, newest first. Failures show 'Image upload failed: {reason}'.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MSG, type ImageDto } from '@zan/core';
import { useId, useRef, useState } from 'react';
import { IMAGE_ACCEPT, localImageProblem, uploadFailureText } from '../../lib/resources/images.ts';
import { keys } from '../../lib/resources/keys.ts';
import { imageSrc, topicImagesQuery, uploadImage } from '../../lib/resources/pages.ts';
import { Alert } from '../alert.tsx';
import { Button } from '../button.tsx';
import { Modal } from '../modal.tsx';
import { Spinner } from '../spinner.tsx';

export function ImagePicker({
  topicId,
  open,
  onOpenChange,
  onPick,
}: {
  topicId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPick: (img: ImageDto) => void;
}) {
  const qc = useQueryClient();
  const q = useQuery({ ...topicImagesQuery(topicId), enabled: open && !!topicId });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [warning, setWarning] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const fileId = useId();

  const upload = async (file: File | undefined) => {
    setError(null);
    setWarning(null);
    const local = localImageProblem(file);
    if (local) return setError(local);
    setBusy(true);
    try {
      const res = await uploadImage(topicId, file!);
      if (res.warning) setWarning(res.warning);
      await qc.invalidateQueries({ queryKey: keys.allImages() });
      onPick(res.image);
    } catch (err) {
      setError(uploadFailureText(err));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Insert image" className="max-w-2xl">
      <div className="mt-4 flex flex-col gap-4">
        <div className="flex flex-wrap items-center gap-3">
          <label className="text-sm font-medium text-fg" htmlFor={fileId}>
            Upload a PNG or JPEG (at most 10 MB)
          </label>
          <input
            id={fileId}
            ref={input}
            type="file"
            accept={IMAGE_ACCEPT}
            disabled={busy}
            onChange={(e) => void upload(e.target.files?.[0])}
            className="text-sm text-fg file:mr-3 file:rounded-lg file:border-0 file:bg-surface-2 file:px-3 file:py-2 file:font-semibold file:text-fg"
          />
          {busy && <Spinner className="size-5" />}
        </div>
        {error && <Alert tone="error">{error}</Alert>}
        {warning && <Alert tone="info">{warning}</Alert>}
        <section aria-label="Topic images">
          <h3 className="mb-2 text-sm font-semibold text-fg">Topic images (newest first)</h3>
          {q.isPending && <Spinner className="size-5" />}
          {q.isError && <Alert tone="error">{MSG.imagesLoadFailed}</Alert>}
          {q.data && q.data.length === 0 && <p className="text-sm text-muted">No images uploaded yet.</p>}
          <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {q.data?.map((img) => (
              <li key={img.id}>
                <button
                  type="button"
                  onClick={() => onPick(img)}
                  className="block w-full overflow-hidden rounded-lg border border-line hover:ring-2 hover:ring-primary"
                >
                  <img
                    src={imageSrc(img)}
                    alt={`Insert ${img.fileName}`}
                    className="h-24 w-full object-cover"
                  />
                  <span className="block truncate px-1 py-0.5 text-xs text-muted">{img.fileName}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
        <div className="flex justify-end">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Close
          </Button>
        </div>
      </div>
    </Modal>
  );
}
