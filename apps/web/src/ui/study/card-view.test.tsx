// The player's card (issue 20): a cloze card hides its own deletions as [...] / [hint] with the note's
// others as plain text, reveals them highlighted (the cloze class survives the render-time sanitiser)
// with Back Extra below; a basic card shows front and back; a script in the text never runs.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CardView } from './card-view.tsx';

const text = '<p>{{c1::Paris}} is the capital of {{c2::France::country}}; {{c1::Paris}} again</p>';

afterEach(cleanup);

describe('CardView', () => {
  it('renders a cloze card’s front and back for its own number', () => {
    const { rerender } = render(
      <CardView front={text} back="<p>Extra</p>" kind="cloze" ord={1} flipped={false} />,
    );
    const q = screen.getByRole('region', { name: 'Question' });
    expect(q.textContent).toBe('[...] is the capital of France; [...] again');
    expect(q.querySelectorAll('span.cloze')).toHaveLength(2);
    expect(q.textContent).not.toContain('Extra');

    rerender(<CardView front={text} back="<p>Extra</p>" kind="cloze" ord={1} flipped />);
    const a = screen.getByRole('region', { name: 'Answer' });
    expect([...a.querySelectorAll('span.cloze')].map((s) => s.textContent)).toEqual(['Paris', 'Paris']);
    expect(a.textContent).toContain('France');
    expect(a.querySelector('hr')).not.toBeNull();
    expect(a.textContent).toContain('Extra');
    expect(screen.queryByRole('region', { name: 'Question' })).toBeNull();
  });

  it('shows a hint on the front and keeps the sanitiser on the rendered HTML', () => {
    const evil = '<p title="{{c2::x}}<img src=x onerror=alert(1)>">{{c2::y::hint}}</p>';
    render(<CardView front={evil} back="" kind="cloze" ord={2} flipped={false} />);
    const q = screen.getByRole('region', { name: 'Question' });
    expect(q.querySelector('img[onerror]')).toBeNull();
    expect(q.textContent).toContain('[hint]');
  });

  it('keeps a basic card as it was, and strips the cloze class from stored HTML', () => {
    render(<CardView front='<p><span class="cloze">F</span></p>' back="<p>B</p>" flipped />);
    expect(screen.getByRole('region', { name: 'Question' }).querySelector('.cloze')).toBeNull();
    expect(screen.getByRole('region', { name: 'Answer' }).textContent).toBe('B');
  });
});
