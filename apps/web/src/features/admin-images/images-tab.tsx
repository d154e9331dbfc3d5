// Images tab (/dashboard/images; SPEC §2 HTML editor images, §7 images, §8 Images): the uploaded images
// of a college and year group, newest first, narrowed by what they are used in; upload a PNG/JPEG
// (converted to webp) and delete one with a confirmation ('Failed to delete image: {reason}').
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { can, IMAGE_USE_LABEL, MSG, type ImageDto } from '@zan/core';
import { useMemo, useState } from 'react';
import { useActor } from '../../lib/use-actor.ts';
import { collegeOptionsQuery } from '../../lib/resources/colleges.ts';
import { deleteFailureText, deleteImage, imageListQuery } from '../../lib/resources/images.ts';
import { keys } from '../../lib/resources/keys.ts';
import {
  actionsColumn,
  Alert,
  ConfirmDialog,
  EmptyState,
  ListHeader,
  RowActions,
  SelectField,
  Table,
  useToast,
  type TableColumn,
} from '../../ui/index.ts';
import { ImagePreview, ImageUses } from './components/image-cells.tsx';
import { ImageUpload, type UploadNotice } from './components/image-upload.tsx';
import { imageScopes, yearLabel } from './scopes.ts';

const UNUSED = '__unused';
const when = (ms: number) =>
  new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const scopeKey = (s: { collegeId: string; yearGroup: string }) => `${s.collegeId}\u0000${s.yearGroup}`;

export function ImagesTab() {
  const actor = useActor();
  const toast = useToast();
  const qc = useQueryClient();
  const colleges = useQuery(collegeOptionsQuery());
  const scopes = useMemo(() => imageScopes(actor, colleges.data ?? []), [actor, colleges.data]);
  const [picked, setPicked] = useState<string | null>(null);
  const scope = scopes.find((s) => scopeKey(s) === picked) ?? scopes[0] ?? null;
  const [usedIn, setUsedIn] = useState('');
  const [deleting, setDeleting] = useState<ImageDto | null>(null);
  const [notice, setNotice] = useState<UploadNotice | null>(null);

  const base = { collegeId: scope?.collegeId ?? '', yearGroup: scope?.yearGroup ?? '' };
  const all = useQuery(imageListQuery(base));
  const byUse = useQuery({
    ...imageListQuery({ ...base, usedIn }),
    enabled: !!scope && !!usedIn && usedIn !== UNUSED,
  });
  const list = usedIn && usedIn !== UNUSED ? byUse : all;
  const rows = (list.data ?? []).filter((i) => usedIn !== UNUSED || i.usedIn.length === 0);
  const useOptions = useMemo(() => {
    const seen = new Map<string, string>();
    for (const img of all.data ?? [])
      for (const u of img.uses ?? []) seen.set(u.id, `${IMAGE_USE_LABEL[u.kind]}: ${u.label}`);
    return [...seen].sort((a, b) => a[1].localeCompare(b[1]));
  }, [all.data]);

  const remove = useMutation({
    mutationFn: (img: ImageDto) => deleteImage(img.id),
    onSettled: () => qc.invalidateQueries({ queryKey: keys.allImages() }),
  });

  const columns: TableColumn<ImageDto>[] = [
    { id: 'image', header: 'Image', hideMobileLabel: true, cell: (i) => <ImagePreview img={i} /> },
    { id: 'used', header: 'Used in', className: 'md:w-72', cell: (i) => <ImageUses img={i} /> },
    {
      id: 'date',
      header: 'Uploaded',
      className: 'md:w-48 whitespace-nowrap',
      cell: (i) => <time dateTime={new Date(i.createdAt).toISOString()}>{when(i.createdAt)}</time>,
    },
    actionsColumn((i) => (
      <RowActions
        name={i.fileName}
        actions={[
          can(actor, 'resource.edit', { ...i, isGlobal: i.yearGroup === 'global' }) && {
            label: 'Delete',
            danger: true,
            onClick: () => setDeleting(i),
          },
        ]}
      />
    )),
  ];

  const loading = colleges.isPending || (!!scope && list.isPending);
  const uses = deleting?.uses?.length ?? 0;
  return (
    <section aria-labelledby="images-title">
      <ListHeader
        id="images-title"
        title="Images"
        description="Pictures for lectures and cards, newest first. Uploads are converted to WebP; students keep them offline with their topics."
        action={
          <ImageUpload
            scope={scope && { collegeId: scope.collegeId, yearGroup: scope.yearGroup }}
            onUploaded={(res) => toast.success(`${res.image.fileName} uploaded.`)}
            onMessage={setNotice}
          />
        }
      />
      {notice && (
        <Alert tone={notice.tone} className="mb-4">
          {notice.text}
        </Alert>
      )}
      <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:max-w-3xl">
        {scopes.length > 1 && (
          <SelectField
            label="College and year"
            value={scope ? scopeKey(scope) : ''}
            onChange={(e) => {
              setPicked(e.target.value);
              setUsedIn('');
            }}
          >
            {scopes.map((s) => (
              <option key={scopeKey(s)} value={scopeKey(s)}>
                {s.collegeName} · {yearLabel(s.yearGroup)}
              </option>
            ))}
          </SelectField>
        )}
        <SelectField
          label="Used in"
          value={usedIn}
          onChange={(e) => setUsedIn(e.target.value)}
          disabled={!scope}
        >
          <option value="">All images</option>
          <option value={UNUSED}>Not used anywhere</option>
          {useOptions.map(([id, label]) => (
            <option key={id} value={id}>
              {label}
            </option>
          ))}
        </SelectField>
      </div>
      <Table
        label="Images"
        columns={columns}
        rows={rows}
        rowKey={(i) => i.id}
        loading={loading}
        error={colleges.isError ? MSG.fetchCollegeFailed : list.isError ? MSG.imagesLoadFailed : undefined}
        onRetry={() => void (colleges.isError ? colleges.refetch() : list.refetch())}
        busy={list.isFetching}
        empty={
          !scope ? (
            <EmptyState title="No college and year group" description={MSG.imageUploadForbidden} />
          ) : usedIn ? (
            'No images match this filter.'
          ) : (
            <EmptyState
              title="No images yet"
              description="Upload a PNG or JPEG here or from the lecture editor; it appears in this list."
            />
          )
        }
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete image?"
        body={
          <>
            This permanently deletes <strong className="text-fg">{deleting?.fileName}</strong> and its files.
            {uses > 0 &&
              ` It is still used in ${uses === 1 ? 'one page or card' : `${uses} pages or cards`}, which will show it as missing.`}
          </>
        }
        confirmLabel="Delete"
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove.mutateAsync(deleting);
          } catch (err) {
            throw new Error(deleteFailureText(err), { cause: err });
          }
          toast.success('Image deleted.');
        }}
      />
    </section>
  );
}
