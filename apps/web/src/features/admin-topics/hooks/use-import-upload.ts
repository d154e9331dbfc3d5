// Sending an import's plan in one request (Bulk Add and Import Questions / Cards): the set's lists are
// refreshed, a toast counts what was written, and the deck or quiz editor opens; a failure comes back as
// 'Could not save the … to the database.' with the server's reason.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { importNameError, MSG, type BulkCardsBody, type BulkKind, type BulkQuestionsBody } from '@zan/core';
import { useNavigate } from 'react-router';
import { failureText } from '../../../lib/failure.ts';
import { keys } from '../../../lib/resources/keys.ts';
import { bulkImportCards, bulkImportQuestions } from '../../../lib/resources/topic-resources.ts';
import { useToast } from '../../../ui/index.ts';

export type ImportBody = BulkCardsBody | BulkQuestionsBody;
export const plural = (n: number, w: string) => `${n.toLocaleString()} ${w}${n === 1 ? '' : 's'}`;

/** What stops an import before anything is sent: no name, no rows, a source that cannot be read, or
 *  errors the admin has not chosen to leave out ('Import valid rows only'). */
export function importProblem(
  kind: BulkKind,
  name: string,
  read: { ok: true } | { ok: false; error: string } | null,
  errors: number,
  validOnly: boolean,
  unit: 'rows' | 'items',
): string | null {
  return (
    importNameError(kind, name) ??
    (!read
      ? MSG.importNoRows
      : !read.ok
        ? read.error
        : errors && !validOnly
          ? `Fix the ${unit} with errors, or choose 'Import valid ${unit} only'.`
          : null)
  );
}

export function useImportUpload(kind: BulkKind, topicId: string) {
  const navigate = useNavigate();
  const toast = useToast();
  const qc = useQueryClient();
  const item = kind === 'flashcards' ? 'card' : 'question';
  const upload = useMutation({
    mutationFn: (body: ImportBody) =>
      kind === 'flashcards'
        ? bulkImportCards(topicId, body as BulkCardsBody)
        : bulkImportQuestions(topicId, body as BulkQuestionsBody),
  });

  /** Sends the body; on success closes and opens the editor (null), else the message to show. */
  const send = async (body: ImportBody, onClose: () => void, note = ''): Promise<string | null> => {
    try {
      const res = await upload.mutateAsync(body);
      await qc.invalidateQueries({ queryKey: keys.topicResources(topicId) });
      await qc.invalidateQueries({ queryKey: kind === 'flashcards' ? keys.deck(res.id) : keys.quiz(res.id) });
      toast.success(
        `${plural(res.added, item)} added${res.updated ? `, ${plural(res.updated, item)} updated` : ''}${note}.`,
      );
      onClose();
      void navigate(
        kind === 'flashcards'
          ? `/admin/deck/${encodeURIComponent(res.id)}/edit`
          : `/admin/mcq-quiz/${encodeURIComponent(res.id)}/edit`,
      );
      return null;
    } catch (err) {
      return failureText(MSG.bulkSaveFailed, err);
    }
  };
  return { send, pending: upload.isPending };
}
