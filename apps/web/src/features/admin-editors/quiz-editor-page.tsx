// /admin/mcq-quiz/{quizId}/edit (SPEC §2 quiz editor, §5 Cards and questions): add, edit and delete
// questions ('Question text is required.', 'At least the first two options are required.', correct
// option 1 to 5); questionCount changes in the same transaction; edits keep ids (progress stays). The
// preview is the student's own question view (no verdict until there is a question with its correct
// option). Ctrl/Cmd+Enter saves and opens the next question. Issue 19: the stem, options and explanation
// are written in the rich editor with pictures (upload or pick, like a card face); a plain-text question
// opens in it escaped (core questionTextAsHtml) and is saved as HTML once edited.
import type { Editor } from '@tiptap/react';
import { useQuery } from '@tanstack/react-query';
import {
  can,
  isBlankQuestionText,
  MSG,
  questionBodySchema,
  questionPlainText,
  questionTextAsHtml,
  truncateText,
  type ImageDto,
  type QuestionDto,
} from '@zan/core';
import { useRef, useState } from 'react';
import { useParams } from 'react-router';
import { ExportSetMenu } from '../../lib/export/export-set-menu.tsx';
import { itemStatsQuery } from '../../lib/resources/item-stats.ts';
import { imageSrc } from '../../lib/resources/pages.ts';
import { useActor } from '../../lib/use-actor.ts';
import {
  addQuestion,
  deleteQuestion,
  quizEditorQuery,
  updateQuestion,
} from '../../lib/resources/topic-resources.ts';
import { Button, SelectField } from '../../ui/index.ts';
import { ImagePicker } from '../../ui/rich-editor/image-picker.tsx';
import { RichEditor } from '../../ui/rich-editor/rich-editor.tsx';
import { letterOf } from '../../ui/study/mcq-options.tsx';
import { QuestionView } from '../../ui/study/question-view.tsx';
import { ItemEditorDialogs, ItemEditorForm } from './components/item-editor-form.tsx';
import { ItemEditorLayout } from './components/item-editor-layout.tsx';
import { ItemStatsPanel } from './components/item-stats-panel.tsx';
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
type Field = Exclude<keyof Values, 'correctOption'>;
const html = (s: string | null) => questionTextAsHtml(s ?? '');
const valuesOf = (q: QuestionDto): Values => ({
  question: html(q.question),
  option1: html(q.option1),
  option2: html(q.option2),
  option3: html(q.option3),
  option4: html(q.option4),
  option5: html(q.option5),
  correctOption: String(q.correctOption),
  explanation: html(q.explanation),
});
// An empty rich editor holds '<p></p>': the server and the schema see it as empty too.
const orNull = (s: string) => (isBlankQuestionText(s) ? null : s);
const bodyOf = (v: Values) => ({
  question: v.question,
  option1: v.option1,
  option2: v.option2,
  option3: orNull(v.option3),
  option4: orNull(v.option4),
  option5: orNull(v.option5),
  correctOption: Number(v.correctOption),
  explanation: orNull(v.explanation),
});
const label = (s: string, max: number) => truncateText(questionPlainText(s), max);

export function QuizEditorPage() {
  const { quizId = '' } = useParams();
  const [checked, setChecked] = useState(true);
  const [picking, setPicking] = useState<Field | null>(null);
  const editors = useRef<Partial<Record<Field, Editor>>>({});
  const flow = useItemEditor({
    query: quizEditorQuery(quizId),
    itemsOf: (d) => d.questions,
    draftItem: `quiz:${quizId}`,
    word: 'Question',
    label: (x) => label(x.question, 240),
    searchTexts: (x) =>
      [x.question, x.option1, x.option2, x.option3, x.option4, x.option5, x.explanation].map(html),
    schema: questionBodySchema,
    empty: EMPTY,
    valuesOf,
    prepare: bodyOf,
    save: async (id, body) =>
      (id === 'new' ? await addQuestion(quizId, body) : await updateQuestion(id, body)).question.id,
    remove: deleteQuestion,
  });
  const { q, form } = flow;
  // Item statistics (issue 19): only for who may edit the quiz, as the server allows.
  const actor = useActor();
  const mayEdit = !!q.data && can(actor, 'resource.edit', q.data.topic);
  const stats = useQuery(itemStatsQuery(quizId, mayEdit));
  const saved = q.data?.questions.find((x) => x.id === flow.selected);

  const v = form.values;
  const options = OPTS.map((k, i) => ({ n: i + 1, text: v[k] })).filter((o) => !isBlankQuestionText(o.text));
  const insertImage = (img: ImageDto) => {
    const field = picking;
    setPicking(null);
    const e = field && editors.current[field];
    if (!e) return;
    e.chain()
      .focus()
      .setImage({ src: imageSrc(img), alt: img.fileName })
      .run();
  };
  const field = (f: Field, name: string, invalidAs: keyof Values = f) => (
    <RichEditor
      key={`${f}:${flow.selected}:${flow.formKey}`}
      label={name}
      visibleLabel
      tools="card"
      compact={f !== 'question'}
      initialHtml={v[f]}
      onChange={(value) => form.set(f, value)}
      onImage={() => setPicking(f)}
      onReady={(e) => (editors.current[f] = e)}
      // A question opened from the list, by Ctrl/Cmd+Enter or a restored draft: the cursor goes to its stem.
      autoFocus={f === 'question' && flow.formKey > 0}
      invalid={form.invalid(invalidAs)}
    />
  );
  const editor = (
    <ItemEditorForm flow={flow} className="flex flex-col gap-3">
      {field('question', 'Question')}
      {OPTS.map((k, i) => (
        <div key={k}>
          {field(k, `Option ${letterOf(i)}${i < 2 ? '' : ' (optional)'}`, i === 0 ? 'option1' : k)}
        </div>
      ))}
      <SelectField
        label="Correct option"
        value={v.correctOption}
        onChange={(e) => form.set('correctOption', e.target.value)}
        {...form.invalid('correctOption')}
      >
        {OPTS.map((k, i) => (
          <option key={k} value={String(i + 1)}>
            {`${letterOf(i)}${isBlankQuestionText(v[k]) ? '' : ` — ${label(v[k], 40)}`}`}
          </option>
        ))}
      </SelectField>
      {field('explanation', 'Explanation (optional)')}
    </ItemEditorForm>
  );

  const correct = Number(v.correctOption);
  // An empty question (or one whose correct option is empty) has no verdict to show yet.
  const answerable = !isBlankQuestionText(v.question) && options.some((o) => o.n === correct);
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
        actions={<ExportSetMenu kind="quiz" id={quizId} name={q.data?.quiz.name ?? 'quiz'} size="md" />}
        editor={editor}
        preview={
          <>
            <QuestionView
              question={v.question}
              options={options}
              correctOption={correct}
              explanation={orNull(v.explanation)}
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
            {mayEdit && saved && (
              <ItemStatsPanel
                stats={stats.data?.items.find((i) => i.questionId === saved.id)}
                loading={stats.isPending}
                failed={stats.isError}
                onRetry={() => void stats.refetch()}
                options={OPTS.flatMap((k, i) => {
                  const text = saved[k];
                  return text ? [{ n: i + 1, text }] : [];
                })}
                correctOption={saved.correctOption}
                computedAt={stats.data?.computedAt}
              />
            )}
          </>
        }
      />
      <ItemEditorDialogs flow={flow} />
      <ImagePicker
        topicId={q.data?.topic.id ?? ''}
        open={picking !== null}
        onOpenChange={(o) => !o && setPicking(null)}
        onPick={insertImage}
      />
    </>
  );
}
