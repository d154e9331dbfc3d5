// A flashcard as the student's player shows it: the front, and the back under a dashed rule once
// flipped; a cloze card's back replaces its front (the text with the answer revealed, Back Extra
// below), as in Anki. Shared by the flashcard player, the review and the deck editor's preview.
import { CardFace } from './card-face.tsx';
import { studentFaces, type FacesOf } from './card-faces.ts';

export function CardView({ flipped, ...card }: FacesOf & { flipped: boolean }) {
  const faces = studentFaces(card);
  return (
    <article className="flex min-h-64 flex-col rounded-2xl border border-line bg-surface p-6 shadow-sm sm:min-h-72 sm:p-8">
      {faces.cloze ? (
        <CardFace label={flipped ? 'Answer' : 'Question'} html={flipped ? faces.back : faces.front} cloze />
      ) : (
        <>
          <CardFace label="Question" html={faces.front} />
          {flipped && (
            <>
              <hr className="my-6 border-dashed border-line" />
              <CardFace label="Answer" html={faces.back} />
            </>
          )}
        </>
      )}
    </article>
  );
}
