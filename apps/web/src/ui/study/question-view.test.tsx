// A question as the student sees it (issue 19): plain text exactly as before (its `<` and `&` are text,
// line breaks kept), the rich editor's HTML sanitised with its pictures, and no link inside an option.
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { QuestionView } from './question-view.tsx';

afterEach(cleanup);

const show = (question: string, options: string[], explanation: string | null) =>
  render(
    <QuestionView
      question={question}
      options={options.map((text, i) => ({ n: i + 1, text }))}
      correctOption={1}
      explanation={explanation}
      chosen={1}
      checked
      onChoose={() => undefined}
    />,
  );

describe('QuestionView text', () => {
  it('shows plain text as typed, markup-looking parts included', () => {
    show('K+ < 3.5 & <b>low</b>?\nWhich?', ['a < b', 'B & C'], 'Because <i>x</i>');
    const article = screen.getByRole('article', { name: 'Question' });
    const stem = article.querySelector('p')!;
    expect(stem.textContent).toBe('K+ < 3.5 & <b>low</b>?\nWhich?');
    expect(stem.className).toContain('whitespace-pre-line');
    expect(article.querySelector('b')).toBeNull();
    screen.getByRole('radio', { name: /a < b/ });
    within(screen.getByRole('region', { name: 'Explanation' })).getByText('Because <i>x</i>');
  });

  it('renders HTML sanitised with its pictures; an option keeps a link’s text, not the link', () => {
    show(
      '<p>Rhythm? <img src="/files/k/ecg.webp" alt="ECG strip" onerror="alert(1)"></p><script>alert(2)</script>',
      [
        '<p>AF <a href="https://x.test">see</a></p>',
        '<p><img src="/files/k/b.webp" alt="Option picture"></p>',
      ],
      '<p>Irregularly <strong>irregular</strong> <a href="https://x.test">more</a></p>',
    );
    const article = screen.getByRole('article', { name: 'Question' });
    const ecg = screen.getByRole('img', { name: 'ECG strip' });
    expect(ecg.getAttribute('src')).toBe('/files/k/ecg.webp');
    expect(ecg.getAttribute('onerror')).toBeNull();
    expect(article.querySelector('script')).toBeNull();
    screen.getByRole('img', { name: 'Option picture' });
    const options = screen.getByRole('radiogroup', { name: 'Answer options' });
    expect(within(options).queryByRole('link')).toBeNull();
    expect(within(options).getByText(/AF/).textContent).toContain('see');
    const explanation = screen.getByRole('region', { name: 'Explanation' });
    expect(within(explanation).getByText('irregular').tagName).toBe('STRONG');
    expect(within(explanation).getByRole('link', { name: 'more' }).getAttribute('rel')).toBe(
      'noopener noreferrer',
    );
  });
});
