// /admin/mcq-quiz/{quizId}/edit (SPEC §2 quiz editor, §5 Cards and questions): add, edit and delete
// questions ('Question text is required.', 'At least the first two options are required.', correct
// option 1 to 5); questionCount changes in the same transaction; edits keep ids (progress stays). The
// preview is the student's own question view (no verdict until there is a question with its correct
// option). Ctrl/Cmd+Enter saves and opens the next question.
import { MSG, plainTextLabel, questionBodySchema, type QuestionDto } from '@zan/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import {
  addQuestion,
  deleteQuestion,
  quizEditorQuery,
  updateQuestion,
} from '../../lib/resources/topic-resources.ts';
import { Button, SelectField, TextAreaField, TextField } from '../../ui/index.ts';
import { letterOf } from '../../ui/study/mcq-options.tsx';
import { QuestionView } from '../../ui/study/question-view.tsx';
import { ItemEditorDialogs, ItemEditorForm } from './components/item-editor-form.tsx';
import { ItemEditorLayout } from './components/item-editor-layout.tsx';
import { useItemEditor } from './use-item-editor.ts';

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
  const [checked, setChecked] = useState(true);
  const flow = useItemEditor({
    query: quizEditorQuery(quizId),
    itemsOf: (d) => d.questions,
    draftItem: `quiz:${quizId}`,
    word: 'Question',
    label: (x) => plainTextLabel(x.question, 240),
    searchTexts: (x) => [
      x.question,
      x.option1,
      x.option2,
      x.option3 ?? '',
      x.option4 ?? '',
      x.option5 ?? '',
      x.explanation ?? '',
    ],
    schema: questionBodySchema,
    empty: EMPTY,
    valuesOf,
    prepare: bodyOf,
    save: async (id, body) =>
      (id === 'new' ? await addQuestion(quizId, body) : await updateQuestion(id, body)).question.id,
    remove: deleteQuestion,
  });
  const { q, form } = flow;

  const v = form.values;
  const options = OPTS.map((k, i) => ({ n: i + 1, text: v[k] })).filter((o) => o.text.trim() !== '');
  const editor = (
    <ItemEditorForm flow={flow} className="flex flex-col gap-3">
      <TextAreaField
        ref={flow.firstRef}
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
            {`${letterOf(i)}${v[k].trim() ? ` — ${plainTextLabel(v[k], 40)}` : ''}`}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label="Explanation (optional)"
        rows={3}
        value={v.explanation}
        onChange={(e) => form.set('explanation', e.target.value)}
      />
    </ItemEditorForm>
  );

  const correct = Number(v.correctOption);
  // An empty question (or one whose correct option is empty) has no verdict to show yet.
  const answerable = v.question.trim() !== '' && options.some((o) => o.n === correct);
  return (
    <>
      <ItemEditorLayout
        kind="QUIZ"
        name={q.data?.quiz.name}
        count={
          q.data
            ? `${q.data.quiz.questionCount} question${q.data.quiz.questionCount === 1 ? '' : 's'}`
            : undefined
        }
        notFoundText={MSG.quizNotFound}
        {...flow.layout}
        draft={flow.draft}
        editor={editor}
        preview={
          <>
            <QuestionView
              question={v.question}
              options={options}
              correctOption={correct}
              explanation={v.explanation.trim() || null}
              chosen={checked && answerable ? correct : null}
              checked={checked && answerable}
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
      <ItemEditorDialogs flow={flow} />
    </>
  );
}
