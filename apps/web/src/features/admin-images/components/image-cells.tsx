// Cells of the images table: the thumbnail (the webp when optimised) with the shown file's dimensions
// once loaded, and what the image is used in (links to the lecture editor or the topic's resources).
import { IMAGE_USE_LABEL, type ImageDto } from '@zan/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { imageSrc } from '../../../lib/resources/pages.ts';
import { Badge } from '../../../ui/index.ts';

export function ImagePreview({ img }: { img: ImageDto }) {
  const [size, setSize] = useState<string | null>(null);
  const [broken, setBroken] = useState(false);
  return (
    <div className="flex min-w-0 items-center gap-3">
      <a
        href={imageSrc(img)}
        target="_blank"
        rel="noopener noreferrer"
        className="block size-16 shrink-0 overflow-hidden rounded-lg border border-line bg-surface-2"
        aria-label={`Open ${img.fileName} full size (new tab)`}
      >
        {broken ? (
          <span className="grid size-full place-items-center text-xs text-muted">Missing</span>
        ) : (
          <img
            src={imageSrc(img)}
            alt=""
            loading="lazy"
            className="size-full object-cover"
            onLoad={(e) => setSize(`${e.currentTarget.naturalWidth} × ${e.currentTarget.naturalHeight}`)}
            onError={() => setBroken(true)}
          />
        )}
      </a>
      <div className="min-w-0">
        <p className="truncate font-medium text-fg" title={img.fileName}>
          {img.fileName}
        </p>
        <p className="mt-0.5 flex flex-wrap items-center gap-1.5 text-xs text-muted">
          <Badge tone={img.isOptimized ? 'success' : 'warning'}>
            {img.isOptimized ? 'WebP' : 'Original'}
          </Badge>
          {size && <span>{size} px</span>}
        </p>
      </div>
    </div>
  );
}

export function ImageUses({ img }: { img: ImageDto }) {
  const uses = img.uses ?? [];
  if (!uses.length) return <Badge>Not used</Badge>;
  return (
    <ul className="flex flex-col gap-1">
      {uses.map((u) => (
        <li key={u.id} className="min-w-0 truncate text-sm">
          <span className="text-muted">{`${IMAGE_USE_LABEL[u.kind]}: `}</span>
          <Link
            to={u.kind === 'page' ? `/admin/html/${u.id}/edit` : `/admin/topic/${u.topicId}`}
            className="font-medium text-primary underline-offset-2 hover:underline"
          >
            {u.label || 'Untitled'}
          </Link>
        </li>
      ))}
    </ul>
  );
}
