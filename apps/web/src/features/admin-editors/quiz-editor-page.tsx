// /admin/mcq-quiz/{quizId}/edit (SPEC §2 quiz editor, §5 Cards and questions): add, edit and delete
// questions ('Question text is required.', 'At least the first two options are required.', correct
// option 1 to 5); questionCount changes in the same transaction; edits keep ids (progress stays). The
// preview is the student's own question view. Ctrl/Cmd+Enter saves and opens the next new question.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MSG, questionBodySchema, type QuestionBody, type QuestionDto } from '@zan/core';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { failureText } from '../../lib/failure.ts';
import { useSchemaForm } from '../../lib/form/use-schema-form.ts';
import { keys } from '../../lib/resources/keys.ts';
import {
  addQuestion,
  deleteQuestion,
  quizEditorQuery,
  updateQuestion,
} from '../../lib/resources/topic-resources.ts';
import {
  Alert,
  Button,
  ConfirmDialog,
  SelectField,
  TextAreaField,
  TextField,
  useToast,
} from '../../ui/index.ts';
import { letterOf } from '../../ui/study/mcq-options.tsx';
import { QuestionView } from '../../ui/study/question-view.tsx';
import { isNotFound, isSaveAndNext, ItemEditorLayout } from './components/item-editor-layout.tsx';
import { plainText } from './plain-text.ts';

type Values = {
  question: string;
  option1: string;
  option2: string;
  option3: string;
  option4: string;
  option5: string;
  correctOption: string;
  explanation: string;
};
const EMPTY: Values = {
  question: '',
  option1: '',
  option2: '',
  option3: '',
  option4: '',
  option5: '',
  correctOption: '1',
  explanation: '',
};
const OPTS = ['option1', 'option2', 'option3', 'option4', 'option5'] as const;
const valuesOf = (q: QuestionDto): Values => ({
  question: q.question,
  option1: q.option1,
  option2: q.option2,
  option3: q.option3 ?? '',
  option4: q.option4 ?? '',
  option5: q.option5 ?? '',
  correctOption: String(q.correctOption),
  explanation: q.explanation ?? '',
});
const bodyOf = (v: Values) => ({
  question: v.question,
  option1: v.option1,
  option2: v.option2,
  option3: v.option3.trim() ? v.option3 : null,
  option4: v.option4.trim() ? v.option4 : null,
  option5: v.option5.trim() ? v.option5 : null,
  correctOption: Number(v.correctOption),
  explanation: v.explanation.trim() ? v.explanation : null,
});

export function QuizEditorPage() {
  const { quizId = '' } = useParams();
  const qc = useQueryClient();
  const toast = useToast();
  const q = useQuery({ ...quizEditorQuery(quizId), retry: (n, err) => !isNotFound(err) && n < 1 });
  const [selected, setSelected] = useState<string | 'new'>('new');
  const [checked, setChecked] = useState(true);
  const [doomed, setDoomed] = useState<QuestionDto | null>(null);
  const next = useRef(false);
  const firstRef = useRef<HTMLTextAreaElement>(null);
  const questions = q.data?.questions ?? [];
  const refresh = () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: keys.quiz(quizId) }),
      q.data && qc.invalidateQueries({ queryKey: keys.topicResources(q.data.topic.id) }),
    ]);

  const save = useMutation({
    mutationFn: (body: QuestionBody) =>
      selected === 'new' ? addQuestion(quizId, body) : updateQuestion(selected, body),
  });
  const form = useSchemaForm(questionBodySchema, EMPTY, {
    prepare: bodyOf,
    onSubmit: async (body) => {
      const res = await save.mutateAsync(body);
      await refresh();
      toast.success(selected === 'new' ? 'Question added.' : 'Question saved.');
      if (next.current) open('new');
      else setSelected(res.question.id);
    },
    failureMessage: (err) => failureText(MSG.saveItemFailed, err),
  });
  const open = (id: string | 'new') => {
    setSelected(id);
    const found = questions.find((x) => x.id === id);
    form.reset(found ? valuesOf(found) : EMPTY);
    requestAnimationFrame(() => firstRef.current?.focus());
  };
  useEffect(() => {
    if (selected !== 'new' && q.data && !q.data.questions.some((x) => x.id === selected)) open('new');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q.data, selected]);

  const v = form.values;
  const options = OPTS.map((k, i) => ({ n: i + 1, text: v[k] })).filter((o) => o.text.trim() !== '');
  const editor = (
    <form
      noValidate
      onSubmit={(e) => ((next.current = false), void form.handleSubmit(e))}
      onKeyDown={(e) => {
        if (!isSaveAndNext(e)) return;
        e.preventDefault();
        next.current = true;
        void form.handleSubmit();
      }}
      className="flex flex-col gap-3"
    >
      <h2 className="text-base font-semibold text-fg">
        {selected === 'new'
          ? 'New question'
          : `Question ${questions.findIndex((x) => x.id === selected) + 1}`}
      </h2>
      <TextAreaField
        ref={firstRef}
        label="Question"
        rows={3}
        value={v.question}
        onChange={(e) => form.set('question', e.target.value)}
        {...form.invalid('question')}
      />
      {OPTS.map((k, i) => (
        <TextField
          key={k}
          label={`Option ${letterOf(i)}${i < 2 ? '' : ' (optional)'}`}
          value={v[k]}
          onChange={(e) => form.set(k, e.target.value)}
          {...form.invalid(i === 0 ? 'option1' : k)}
        />
      ))}
      <SelectField
        label="Correct option"
        value={v.correctOption}
        onChange={(e) => form.set('correctOption', e.target.value)}
        {...form.invalid('correctOption')}
      >
        {OPTS.map((k, i) => (
          <option key={k} value={String(i + 1)}>
            {`${letterOf(i)}${v[k].trim() ? ` — ${plainText(v[k], 40)}` : ''}`}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label="Explanation (optional)"
        rows={3}
        value={v.explanation}
        onChange={(e) => form.set('explanation', e.target.value)}
      />
      {form.message && (
        <div id={form.messageId}>
          <Alert tone="error">{form.message}</Alert>
        </div>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-muted">Ctrl/⌘ + Enter saves and opens a new question</p>
        <Button type="submit" busy={form.submitting}>
          {selected === 'new' ? 'Add Question' : 'Save Question'}
        </Button>
      </div>
    </form>
  );

  const correct = Number(v.correctOption);
  return (
    <>
      <ItemEditorLayout
        kind="QUIZ"
        topic={q.data?.topic}
        name={q.data?.quiz.name}
        count={
          q.data
            ? `${q.data.quiz.questionCount} question${q.data.quiz.questionCount === 1 ? '' : 's'}`
            : undefined
        }
        loading={q.isPending}
        error={q.error}
        notFoundText={MSG.quizNotFound}
        onRetry={() => void q.refetch()}
        items={questions.map((x) => ({ id: x.id, label: plainText(x.question) }))}
        selected={selected}
        onSelect={open}
        onDelete={(id) => setDoomed(questions.find((x) => x.id === id) ?? null)}
        itemWord="Question"
        editor={editor}
        preview={
          <>
            <QuestionView
              question={v.question}
              options={options}
              correctOption={correct}
              explanation={v.explanation.trim() || null}
              chosen={checked ? correct : null}
              checked={checked}
              onChoose={() => undefined}
            />
            <Button
              variant="secondary"
              size="sm"
              className="self-start"
              onClick={() => setChecked((c) => !c)}
            >
              {checked ? 'Hide Answer' : 'Show Answer'}
            </Button>
          </>
        }
      />
      <ConfirmDialog
        open={doomed !== null}
        onOpenChange={(o) => !o && setDoomed(null)}
        title="Delete question?"
        body={<>This question and every student's progress on it will be deleted permanently.</>}
        confirmLabel="Delete"
        onConfirm={async () => {
          if (!doomed) return;
          try {
            await deleteQuestion(doomed.id);
          } catch (err) {
            throw new Error(failureText(MSG.deleteItemFailed, err), { cause: err });
          }
          await refresh();
          toast.success('Question deleted.');
        }}
      />
    </>
  );
}
