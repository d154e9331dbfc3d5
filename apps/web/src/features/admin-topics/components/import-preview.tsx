// The first items of an import as students will see them (issue 21): a card's faces through the study
// player's CardFace, a question through QuestionText and McqOptions as after 'Check Answer' (the correct
// option marked), embedded pictures shown from the source before the server stores them.
import {
  IMPORT_PREVIEW_ROWS,
  type CardDraft,
  type EmbeddedFile,
  type QuestionDraft,
  type ReadItem,
} from '@zan/core';
import { CardFace } from '../../../ui/study/card-face.tsx';
import { McqOptions } from '../../../ui/study/mcq-options.tsx';
import { QuestionText } from '../../../ui/study/question-text.tsx';
import { withEmbedded } from '../hooks/use-format-import.ts';

type Props = {
  items: readonly ReadItem<CardDraft | QuestionDraft>[];
  files: readonly EmbeddedFile[];
};

const isCard = (d: CardDraft | QuestionDraft): d is CardDraft => 'front' in d;

function QuestionPreview({ q, files }: { q: QuestionDraft; files: readonly EmbeddedFile[] }) {
  const html = (s: string) => withEmbedded(s, files);
  const options = [q.option1, q.option2, q.option3, q.option4, q.option5].flatMap((text, i) =>
    text === null ? [] : [{ n: i + 1, text: html(text) }],
  );
  return (
    <div className="flex flex-col gap-3">
      <QuestionText value={html(q.question)} className="font-medium text-fg" />
      <McqOptions
        options={options}
        chosen={null}
        checked
        correctOption={q.correctOption}
        onChoose={() => {}}
      />
      {q.explanation && (
        <div className="rounded-lg bg-surface-2 p-3 text-sm">
          <p className="font-semibold text-fg">Explanation</p>
          <QuestionText value={html(q.explanation)} className="text-fg" />
        </div>
      )}
    </div>
  );
}

export function ImportPreview({ items, files }: Props) {
  const shown = items.slice(0, IMPORT_PREVIEW_ROWS);
  if (shown.length === 0) return null;
  return (
    <ol aria-label="First items as students see them" className="flex flex-col gap-3">
      {shown.map((it, i) => (
        <li key={`${it.start}-${i}`} className="rounded-xl border border-line bg-surface p-3">
          <p className="mb-2 text-xs font-medium text-muted">{`Line ${it.line}`}</p>
          {isCard(it.item) ? (
            <div className="grid gap-3 sm:grid-cols-2">
              <CardFace
                label={`Front, line ${it.line}`}
                html={withEmbedded(it.item.front, files)}
                className="text-base! sm:text-base!"
              />
              <CardFace
                label={`Back, line ${it.line}`}
                html={withEmbedded(it.item.back, files)}
                className="border-t border-line pt-3 text-base! sm:border-t-0 sm:border-l sm:pl-3 sm:pt-0 sm:text-base!"
              />
            </div>
          ) : (
            <QuestionPreview q={it.item} files={files} />
          )}
        </li>
      ))}
    </ol>
  );
}
