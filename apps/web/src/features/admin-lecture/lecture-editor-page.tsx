// /admin/html/new/edit?topicId=… and /admin/html/{contentId}/edit (SPEC §2 HTML editor, §5 HTML page
// and images): title, the rich editor with a Source view, a live preview in the student's own lecture
// viewer, images uploaded or picked from the topic, Save. The first save moves to the page's edit route;
// inserting an image saves. Unsaved work is kept as a draft on this device and offered back on opening;
// leaving with unsaved changes asks first (issue 22).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Editor } from '@tiptap/react';
import { MSG, type ImageDto, type PageResponse } from '@zan/core';
import { useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { stringRecord } from '../../lib/drafts/draft-store.ts';
import { useEditorDraft } from '../../lib/drafts/use-editor-draft.ts';
import { reasonOf } from '../../lib/failure.ts';
import { keys } from '../../lib/resources/keys.ts';
import { createPage, imageSrc, pageEditorQuery, updatePage } from '../../lib/resources/pages.ts';
import { useLeaveGuard } from '../../lib/use-leave-guard.ts';
import {
  Alert,
  Breadcrumb,
  Button,
  DraftNotice,
  LeaveDialog,
  Skeleton,
  TextField,
  useToast,
} from '../../ui/index.ts';
import { ImagePicker } from '../../ui/rich-editor/image-picker.tsx';
import { RichEditor } from '../../ui/rich-editor/rich-editor.tsx';
import { LectureView } from '../../ui/study/lecture/lecture-view.tsx';
import { sanitizeHtml } from '../../ui/study/sanitize-html.ts';

const parseDraft = stringRecord(['title', 'html'] as const);

export function LectureEditorPage() {
  const { contentId = 'new' } = useParams();
  const isNew = contentId === 'new';
  const [params] = useSearchParams();
  const q = useQuery({
    ...pageEditorQuery(contentId),
    enabled: !isNew,
    retry: (n, err) => !(err instanceof ApiError && err.status === 404) && n < 1,
  });
  if (!isNew && q.isPending)
    return (
      <div role="status" aria-label="Loading editor" className="flex flex-col gap-3">
        <Skeleton className="h-8 w-1/2" />
        <Skeleton className="h-72 w-full rounded-2xl" />
      </div>
    );
  if (!isNew && q.isError)
    return (
      <Alert tone="error">
        {q.error instanceof ApiError && q.error.status === 404 ? MSG.contentNotFound : MSG.editorLoadFailed}
      </Alert>
    );
  const topicId = isNew ? (params.get('topicId') ?? '') : (q.data?.page.topicId ?? '');
  // Keyed by page: the editor starts afresh when the route moves to another page.
  return <LectureForm key={contentId} pageId={isNew ? null : contentId} topicId={topicId} data={q.data} />;
}

function LectureForm({
  pageId,
  topicId,
  data,
}: {
  pageId: string | null;
  topicId: string;
  data: PageResponse | undefined;
}) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const toast = useToast();
  const [saved, setSaved] = useState({ title: data?.page.title ?? '', html: data?.page.htmlBody ?? '' });
  const [title, setTitle] = useState(saved.title);
  const [html, setHtml] = useState(saved.html);
  const [error, setError] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  // A restored draft starts the rich editor afresh with its markup.
  const [editorKey, setEditorKey] = useState(0);
  const editor = useRef<Editor | null>(null);
  const dirty = title !== saved.title || html !== saved.html;
  const guard = useLeaveGuard(dirty);
  const draft = useEditorDraft({
    item: pageId ? `page:${pageId}` : topicId ? `page:new:${topicId}` : null,
    values: { title, html },
    dirty,
    parse: parseDraft,
    same: (d) => d.title === saved.title && d.html === saved.html,
  });
  const restore = () => {
    const d = draft.restore();
    if (!d) return;
    setTitle(d.title);
    setHtml(d.html);
    setEditorKey((k) => k + 1);
  };

  const save = useMutation({
    mutationFn: (body: { title: string; htmlBody: string }) =>
      pageId ? updatePage(pageId, body) : createPage({ topicId, ...body }),
  });
  const submit = async (htmlBody = html) => {
    setError(null);
    if (!title.trim()) return setError(MSG.titleRequired);
    if (!pageId && !topicId) return setError(MSG.pageTopicRequired);
    try {
      const res = await save.mutateAsync({ title, htmlBody });
      draft.clear();
      setSaved({ title, html: htmlBody });
      qc.setQueryData(keys.page(res.page.id), res);
      await qc.invalidateQueries({ queryKey: keys.topicResources(res.page.topicId) });
      toast.success('Page saved.');
      if (!pageId) {
        guard.release();
        navigate(`/admin/html/${encodeURIComponent(res.page.id)}/edit`, { replace: true });
      }
    } catch (err) {
      setError(MSG.saveFailed(reasonOf(err)));
    }
  };
  const insertImage = (img: ImageDto) => {
    setPicking(false);
    const e = editor.current;
    if (!e) return;
    e.chain()
      .focus()
      .setImage({ src: imageSrc(img), alt: img.fileName })
      .run();
    const next = e.getHTML();
    setHtml(next);
    void submit(next);
  };

  const topicPath = topicId ? `/admin/topic/${encodeURIComponent(topicId)}` : undefined;
  return (
    <div className="flex flex-col">
      <Breadcrumb
        items={[
          { label: 'Topics', to: '/dashboard/topics' },
          { label: data?.topic.name ?? 'Topic', ...(topicPath ? { to: topicPath } : {}) },
          { label: pageId ? title || 'Lecture' : 'New page' },
        ]}
      />
      <header className="mb-5 flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs font-bold tracking-[0.18em] text-primary">LECTURE</p>
          <h2 className="mt-1 break-words text-2xl font-bold tracking-tight text-fg sm:text-3xl">
            {pageId ? 'Edit page' : 'New page'}
          </h2>
        </div>
        <Button onClick={() => void submit()} busy={save.isPending}>
          Save
        </Button>
      </header>
      {!pageId && !topicId && <Alert tone="error">{MSG.pageTopicRequired}</Alert>}
      {draft.offer && (
        <DraftNotice
          savedAt={draft.offer.savedAt}
          what="this page"
          onRestore={restore}
          onDiscard={draft.discard}
        />
      )}
      {error && (
        <Alert tone="error" className="mb-4">
          {error}
        </Alert>
      )}
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 xl:grid-cols-2">
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <TextField label="Title" value={title} onChange={(e) => setTitle(e.target.value)} required />
          <RichEditor
            key={editorKey}
            label="Lecture body"
            initialHtml={html}
            onChange={setHtml}
            onImage={() => setPicking(true)}
            onReady={(e) => (editor.current = e)}
          />
        </form>
        <section aria-label="Preview" className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold text-muted">Preview (as students see it)</h3>
          <LectureView title={title || 'Untitled'} html={sanitizeHtml(html)} />
        </section>
      </div>
      <ImagePicker topicId={topicId} open={picking} onOpenChange={setPicking} onPick={insertImage} />
      <LeaveDialog guard={guard} />
    </div>
  );
}
