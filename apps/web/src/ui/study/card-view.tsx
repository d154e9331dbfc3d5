// A flashcard as the student's player shows it: the front, and the back under a dashed rule once
// flipped. Shared by the flashcard player and the deck editor's preview.
import { CardFace } from './card-face.tsx';

export function CardView({ front, back, flipped }: { front: string; back: string; flipped: boolean }) {
  return (
    <article className="flex min-h-64 flex-col rounded-2xl border border-line bg-surface p-6 shadow-sm sm:min-h-72 sm:p-8">
      <CardFace label="Question" html={front} />
      {flipped && (
        <>
          <hr className="my-6 border-dashed border-line" />
          <CardFace label="Answer" html={back} />
        </>
      )}
    </article>
  );
}
