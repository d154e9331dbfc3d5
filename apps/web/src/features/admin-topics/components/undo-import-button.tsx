// 'Undo import' on a deck's or quiz's row of the topic resources page (issue 21): shown while the set's
// latest import can be undone and the caller may edit the topic's resources; a confirmation says what
// goes and what comes back (counts, format, date), a toast the result, and the lists refresh.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { can, MSG, type AdminTopic, type ImportSource, type ImportSummary } from '@zan/core';
import { useState } from 'react';
import { failureText } from '../../../lib/failure.ts';
import { keys } from '../../../lib/resources/keys.ts';
import { undoImport } from '../../../lib/resources/topic-resources.ts';
import { useActor } from '../../../lib/use-actor.ts';
import { Button, ConfirmDialog, useToast } from '../../../ui/index.ts';

const SOURCE_LABEL = {
  csv: 'CSV',
  'moodle-xml': 'Moodle XML',
  gift: 'GIFT',
  aiken: 'Aiken',
  quizlet: 'Quizlet',
  'anki-text': 'Anki text',
  anki: 'Anki package',
} as const satisfies Record<ImportSource, string>;
const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
const day = (ms: number) => new Date(ms).toLocaleDateString(undefined, { dateStyle: 'medium' });

/** What undoing `s` does, in words (also the toast's source). */
function undoImportSummary(s: ImportSummary, setName: string, itemsNow: number): string[] {
  const item = s.kind === 'deck' ? 'card' : 'question';
  const lines = [];
  if (s.added) lines.push(`Removes the ${count(s.added, item)} it added.`);
  if (s.updated)
    lines.push(`Puts back the ${count(s.updated, item)} it changed as they were (progress stays).`);
  if (s.images) lines.push(`Deletes the ${count(s.images, 'picture')} it brought that nothing else shows.`);
  if (s.setCreated && itemsNow - s.added <= 0)
    lines.push(`Deletes the ${s.kind} "${setName}", which it created and which will be empty.`);
  return lines;
}

export function UndoImportButton({
  topic,
  setName,
  itemsNow,
  summary,
}: {
  topic: AdminTopic;
  setName: string;
  /** The set's card or question count now. */
  itemsNow: number;
  summary: ImportSummary | undefined;
}) {
  const actor = useActor();
  const toast = useToast();
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const undo = useMutation({
    mutationFn: (id: string) => undoImport(id),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: keys.topicResources(topic.id) });
      if (summary)
        await qc.invalidateQueries({
          queryKey: summary.kind === 'quiz' ? keys.quiz(summary.setId) : keys.deck(summary.setId),
        });
    },
  });
  if (!summary?.undoable || !can(actor, 'resource.edit', topic)) return null;
  const s = summary;
  const item = s.kind === 'deck' ? 'card' : 'question';
  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        onClick={() => setOpen(true)}
        aria-label={`Undo import into ${setName}`}
      >
        Undo import
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Undo import?"
        body={
          <>
            The {SOURCE_LABEL[s.source]} import of {day(s.createdAt)} into{' '}
            <strong className="text-fg">{setName}</strong>:
            <ul className="mt-2 list-disc pl-5">
              {undoImportSummary(s, setName, itemsNow).map((l) => (
                <li key={l}>{l}</li>
              ))}
            </ul>
          </>
        }
        confirmLabel="Undo import"
        onConfirm={async () => {
          let r;
          try {
            r = await undo.mutateAsync(s.id);
          } catch (err) {
            throw new Error(failureText(MSG.importUndoFailed, err), { cause: err });
          }
          const parts = [`${count(r.removed, item)} removed`];
          if (r.restored) parts.push(`${count(r.restored, item)} restored`);
          if (r.setDeleted) parts.push(`"${setName}" deleted`);
          toast.success(`Import undone: ${parts.join(', ')}.`);
        }}
      />
    </>
  );
}
