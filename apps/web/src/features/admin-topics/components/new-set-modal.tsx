// New Deck / New Quiz (issue 22): a name (one set of that name per topic, as a bulk import of that name
// adds to it), then the empty deck or quiz opens in its editor. CSV stays one way among others.
import { useQueryClient } from '@tanstack/react-query';
import { deckCreateBodySchema, MSG, quizCreateBodySchema } from '@zan/core';
import { useNavigate } from 'react-router';
import { failureText } from '../../../lib/failure.ts';
import { useSchemaForm } from '../../../lib/form/use-schema-form.ts';
import { keys } from '../../../lib/resources/keys.ts';
import { createDeck, createQuiz } from '../../../lib/resources/topic-resources.ts';
import { FormModal, TextField, useToast } from '../../../ui/index.ts';

export type NewSetKind = 'deck' | 'quiz';

export function NewSetModal({
  kind,
  topicId,
  onClose,
}: {
  kind: NewSetKind;
  topicId: string;
  onClose: () => void;
}) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const deck = kind === 'deck';
  const form = useSchemaForm(
    deck ? deckCreateBodySchema : quizCreateBodySchema,
    { name: '' },
    {
      onSubmit: async (body) => {
        const path = deck
          ? `/admin/deck/${encodeURIComponent((await createDeck(topicId, body)).deck.id)}/edit`
          : `/admin/mcq-quiz/${encodeURIComponent((await createQuiz(topicId, body)).quiz.id)}/edit`;
        await qc.invalidateQueries({ queryKey: keys.topicResources(topicId) });
        toast.success(`${deck ? 'Deck' : 'Quiz'} "${body.name}" created.`);
        onClose();
        void navigate(path);
      },
      failureMessage: (err) => failureText(MSG.saveItemFailed, err),
    },
  );
  return (
    <FormModal
      open
      onClose={onClose}
      title={deck ? 'New deck' : 'New quiz'}
      description={
        deck
          ? 'An empty deck opens in the editor, where you add cards one by one.'
          : 'An empty quiz opens in the editor, where you add questions one by one.'
      }
      form={form}
      submitLabel={deck ? 'Create Deck' : 'Create Quiz'}
    >
      <TextField
        label={deck ? 'Deck name' : 'Quiz name'}
        value={form.values.name}
        onChange={(e) => form.set('name', e.target.value)}
        autoFocus
        maxLength={200}
        {...form.invalid('name')}
      />
    </FormModal>
  );
}
