// The topic resources page's lists (SPEC §2): tabs Flashcards, MCQs and HTML Content with counts, each
// deck or quiz opening its editor, and a permanent delete after a confirmation. New Deck / New Quiz
// create an empty one and open its editor (issue 22); Bulk Add Cards / MCQs open the bulk import modal,
// Import Cards / Import Questions the format import, Import Anki Deck an .apkg (issue 20); every deck and quiz row has an Export menu, and a
// set's latest import can be undone from its row (issue 21). Buttons follow can(actor, 'resource.edit', topic).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { can, MSG, type AdminTopic, type DeckDto, type PageSummary, type QuizDto } from '@zan/core';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ExportSetMenu } from '../../../lib/export/export-set-menu.tsx';
import { failureText } from '../../../lib/failure.ts';
import { keys } from '../../../lib/resources/keys.ts';
import {
  deleteDeck,
  deletePage,
  deleteQuiz,
  topicResourcesQuery,
} from '../../../lib/resources/topic-resources.ts';
import { useActor } from '../../../lib/use-actor.ts';
import {
  Button,
  ConfirmDialog,
  EmptyState,
  Table,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  useToast,
  type TableColumn,
} from '../../../ui/index.ts';
import { AnkiImportModal } from './anki-import-modal.tsx';
import { BulkImportModal } from './bulk-import-modal.tsx';
import { ImportModal } from './import-modal.tsx';
import { NewSetModal, type NewSetKind } from './new-set-modal.tsx';
import { UndoImportButton } from './undo-import-button.tsx';

type Doomed = { kind: 'deck' | 'quiz' | 'page'; id: string; name: string; count: number };
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
const when = (ms: number) => new Date(ms).toLocaleDateString(undefined, { dateStyle: 'medium' });

export function TopicResources({ topic }: { topic: AdminTopic }) {
  const actor = useActor();
  const navigate = useNavigate();
  const toast = useToast();
  const qc = useQueryClient();
  const q = useQuery({ ...topicResourcesQuery(topic.id), retry: 1 });
  const [doomed, setDoomed] = useState<Doomed | null>(null);
  const [bulk, setBulk] = useState<'flashcards' | 'mcqs' | null>(null);
  const [importing, setImporting] = useState<'flashcards' | 'mcqs' | null>(null);
  const [newSet, setNewSet] = useState<NewSetKind | null>(null);
  const [anki, setAnki] = useState(false);
  const mayEdit = can(actor, 'resource.edit', topic);
  const remove = useMutation({
    mutationFn: (d: Doomed) =>
      d.kind === 'deck' ? deleteDeck(d.id) : d.kind === 'quiz' ? deleteQuiz(d.id) : deletePage(d.id),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.topicResources(topic.id) }),
  });

  const undoFor = (d: Doomed) =>
    d.kind !== 'page' && (
      <UndoImportButton
        topic={topic}
        setName={d.name}
        itemsNow={d.count}
        summary={q.data?.imports.find((i) => i.setId === d.id)}
      />
    );
  const actions = (d: Doomed, edit: (() => void) | null): ReactNode => (
    <div className="flex flex-wrap gap-1 md:justify-end">
      {d.kind !== 'page' && <ExportSetMenu kind={d.kind} id={d.id} name={d.name} />}
      {edit && (
        <Button size="sm" variant="secondary" onClick={edit} aria-label={`Edit ${d.name}`}>
          Edit
        </Button>
      )}
      {undoFor(d)}
      {mayEdit && (
        <Button
          size="sm"
          variant="ghost"
          className="text-danger! hover:bg-danger/10"
          onClick={() => setDoomed(d)}
          aria-label={`Delete ${d.name}`}
        >
          Delete
        </Button>
      )}
    </div>
  );
  const pagePath = (p: PageSummary) => `/admin/html/${encodeURIComponent(p.id)}/edit`;
  const deckPath = (d: DeckDto) => `/admin/deck/${encodeURIComponent(d.id)}/edit`;
  const quizPath = (z: QuizDto) => `/admin/mcq-quiz/${encodeURIComponent(z.id)}/edit`;

  const deckCols: TableColumn<DeckDto>[] = [
    {
      id: 'name',
      header: 'Deck',
      hideMobileLabel: true,
      cell: (d) => <span className="font-medium text-fg">{d.name}</span>,
    },
    {
      id: 'count',
      header: 'Cards',
      className: 'md:w-32',
      cell: (d) => <span className="text-muted">{plural(d.cardCount, 'card')}</span>,
    },
    {
      id: 'updated',
      header: 'Updated',
      className: 'md:w-40',
      cell: (d) => <span className="text-muted">{when(d.updatedAt)}</span>,
    },
    {
      id: 'actions',
      header: 'Actions',
      hideMobileLabel: true,
      className: 'md:w-64 md:text-right',
      cell: (d) =>
        actions(
          { kind: 'deck', id: d.id, name: d.name, count: d.cardCount },
          mayEdit ? () => void navigate(deckPath(d)) : null,
        ),
    },
  ];
  const quizCols: TableColumn<QuizDto>[] = [
    {
      id: 'name',
      header: 'Quiz',
      hideMobileLabel: true,
      cell: (z) => <span className="font-medium text-fg">{z.name}</span>,
    },
    {
      id: 'count',
      header: 'Questions',
      className: 'md:w-36',
      cell: (z) => <span className="text-muted">{plural(z.questionCount, 'question')}</span>,
    },
    {
      id: 'updated',
      header: 'Updated',
      className: 'md:w-40',
      cell: (z) => <span className="text-muted">{when(z.updatedAt)}</span>,
    },
    {
      id: 'actions',
      header: 'Actions',
      hideMobileLabel: true,
      className: 'md:w-64 md:text-right',
      cell: (z) =>
        actions(
          { kind: 'quiz', id: z.id, name: z.name, count: z.questionCount },
          mayEdit ? () => void navigate(quizPath(z)) : null,
        ),
    },
  ];
  const pageCols: TableColumn<PageSummary>[] = [
    {
      id: 'title',
      header: 'Page',
      hideMobileLabel: true,
      cell: (p) => <span className="font-medium text-fg">{p.title}</span>,
    },
    {
      id: 'updated',
      header: 'Updated',
      className: 'md:w-40',
      cell: (p) => <span className="text-muted">{when(p.updatedAt)}</span>,
    },
    {
      id: 'actions',
      header: 'Actions',
      hideMobileLabel: true,
      className: 'md:w-48 md:text-right',
      cell: (p) =>
        actions(
          { kind: 'page', id: p.id, name: p.title, count: 0 },
          mayEdit ? () => void navigate(pagePath(p)) : null,
        ),
    },
  ];

  const data = q.data;
  const common = {
    loading: q.isPending,
    error: q.isError ? MSG.loadTopicFailed : undefined,
    onRetry: () => void q.refetch(),
    busy: q.isFetching,
  };
  const trigger = (value: string, label: string, n: number | undefined) => (
    <TabsTrigger value={value}>
      {label}
      {n !== undefined && (
        <span className="ml-1.5 rounded-full bg-surface-2 px-1.5 text-xs text-muted">{n}</span>
      )}
    </TabsTrigger>
  );

  return (
    <section aria-labelledby="resources-title" className="mt-8">
      <h2 id="resources-title" className="mb-3 text-xl font-bold text-fg">
        Resources
      </h2>
      <Tabs defaultValue="flashcards">
        <TabsList aria-label="Resource type">
          {trigger('flashcards', 'Flashcards', data?.decks.length)}
          {trigger('mcqs', 'MCQs', data?.quizzes.length)}
          {trigger('html', 'HTML Content', data?.pages.length)}
        </TabsList>
        <TabsContent value="flashcards" className="flex flex-col gap-3 pt-4">
          {mayEdit && (
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="secondary" onClick={() => setImporting('flashcards')}>
                Import Cards
              </Button>
              <Button variant="secondary" onClick={() => setAnki(true)}>
                Import Anki Deck
              </Button>
              <Button variant="secondary" onClick={() => setBulk('flashcards')}>
                Bulk Add Cards
              </Button>
              <Button onClick={() => setNewSet('deck')}>New Deck</Button>
            </div>
          )}
          <Table
            label="Flashcard decks"
            columns={deckCols}
            rows={data?.decks ?? []}
            rowKey={(d) => d.id}
            {...common}
            {...(mayEdit
              ? {
                  onRowActivate: (d: DeckDto) => void navigate(deckPath(d)),
                  rowActionLabel: (d: DeckDto) => `Edit ${d.name}`,
                }
              : {})}
            empty={
              <EmptyState
                title="No flashcard decks yet"
                description="Start one with New Deck, or paste a spreadsheet with Bulk Add Cards."
              />
            }
          />
        </TabsContent>
        <TabsContent value="mcqs" className="flex flex-col gap-3 pt-4">
          {mayEdit && (
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="secondary" onClick={() => setImporting('mcqs')}>
                Import Questions
              </Button>
              <Button variant="secondary" onClick={() => setBulk('mcqs')}>
                Bulk Add MCQs
              </Button>
              <Button onClick={() => setNewSet('quiz')}>New Quiz</Button>
            </div>
          )}
          <Table
            label="MCQ quizzes"
            columns={quizCols}
            rows={data?.quizzes ?? []}
            rowKey={(z) => z.id}
            {...common}
            {...(mayEdit
              ? {
                  onRowActivate: (z: QuizDto) => void navigate(quizPath(z)),
                  rowActionLabel: (z: QuizDto) => `Edit ${z.name}`,
                }
              : {})}
            empty={
              <EmptyState
                title="No MCQ quizzes yet"
                description="Start one with New Quiz, or paste a spreadsheet with Bulk Add MCQs."
              />
            }
          />
        </TabsContent>
        <TabsContent value="html" className="flex flex-col gap-3 pt-4">
          {mayEdit && (
            <div className="flex justify-end">
              <Button
                onClick={() => void navigate(`/admin/html/new/edit?topicId=${encodeURIComponent(topic.id)}`)}
              >
                Add New Page
              </Button>
            </div>
          )}
          <Table
            label="HTML pages"
            columns={pageCols}
            rows={data?.pages ?? []}
            rowKey={(p) => p.id}
            {...common}
            {...(mayEdit
              ? {
                  onRowActivate: (p: PageSummary) => void navigate(pagePath(p)),
                  rowActionLabel: (p: PageSummary) => `Edit ${p.title}`,
                }
              : {})}
            empty={
              <EmptyState
                title="No lecture pages yet"
                description="Write the first lecture with Add New Page."
              />
            }
          />
        </TabsContent>
      </Tabs>
      {bulk && <BulkImportModal kind={bulk} topicId={topic.id} onClose={() => setBulk(null)} />}
      {importing && <ImportModal kind={importing} topicId={topic.id} onClose={() => setImporting(null)} />}
      {anki && <AnkiImportModal topicId={topic.id} onClose={() => setAnki(false)} />}
      {newSet && <NewSetModal kind={newSet} topicId={topic.id} onClose={() => setNewSet(null)} />}
      <ConfirmDialog
        open={doomed !== null}
        onOpenChange={(open) => !open && setDoomed(null)}
        title={
          doomed?.kind === 'deck' ? 'Delete deck?' : doomed?.kind === 'quiz' ? 'Delete quiz?' : 'Delete page?'
        }
        body={
          <>
            <strong className="text-fg">{doomed?.name}</strong>
            {doomed?.kind === 'deck'
              ? ` and its ${plural(doomed.count, 'card')} will be deleted permanently, with every student's progress on them and the images only these cards show.`
              : doomed?.kind === 'quiz'
                ? ` and its ${plural(doomed.count, 'question')} will be deleted permanently, with every student's progress on them.`
                : ' will be deleted permanently, with the images only this page shows.'}{' '}
            This cannot be undone.
          </>
        }
        confirmLabel="Delete"
        onConfirm={async () => {
          if (!doomed) return;
          try {
            await remove.mutateAsync(doomed);
          } catch (err) {
            throw new Error(failureText(MSG.deleteItemFailed, err), { cause: err });
          }
          toast.success(`"${doomed.name}" deleted.`);
        }}
      />
    </section>
  );
}
