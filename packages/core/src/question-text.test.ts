// Plain-text questions keep their meaning; rich-editor HTML is told apart by its opening block element.
import { describe, expect, it } from 'vitest';
import {
  asQuestionHtml,
  isBlankQuestionText,
  isQuestionHtml,
  questionPlainText,
  questionTextAsHtml,
} from './question-text.ts';

describe('question text', () => {
  it('reads legacy plain text as text, even with < and &', () => {
    for (const t of ['K+ < 3.5 & Na+ > 145', 'x<y', '<3 mmol', 'a <b>bold</b>', 'Which is true?'])
      expect(isQuestionHtml(t)).toBe(false);
    expect(questionPlainText('K+ < 3.5 &amp;\n Na')).toBe('K+ < 3.5 &amp; Na');
  });

  it('reads what the rich editor writes as HTML', () => {
    for (const t of [
      '<p>a</p>',
      '<p class="x">a</p>',
      '<ul><li>a</li></ul>',
      '<img src="/files/a.webp">',
      ' <h2>x</h2>',
    ])
      expect(isQuestionHtml(t)).toBe(true);
    expect(isQuestionHtml('<pre2>')).toBe(false);
    expect(questionPlainText('<p>a &lt; b</p><p>c</p>')).toBe('a < b c');
  });

  it('opens plain text in the editor escaped, lines kept', () => {
    expect(questionTextAsHtml('a < b & "c"\nnext')).toBe('<p>a &lt; b &amp; &quot;c&quot;<br>next</p>');
    expect(questionTextAsHtml('<p>x</p>')).toBe('<p>x</p>');
    expect(questionTextAsHtml('  ')).toBe('');
    expect(questionPlainText(questionTextAsHtml('a < b & c'))).toBe('a < b & c');
  });

  it('keeps sanitised markup HTML by wrapping what does not open with a block', () => {
    expect(asQuestionHtml('a <b>b</b>')).toBe('<p>a <b>b</b></p>');
    expect(asQuestionHtml('<p>a</p>')).toBe('<p>a</p>');
    expect(asQuestionHtml(' ')).toBe('');
  });

  it('is blank without text, unless HTML shows a picture', () => {
    expect(isBlankQuestionText('  ')).toBe(true);
    expect(isBlankQuestionText('<p></p>')).toBe(true);
    expect(isBlankQuestionText('<p><br></p>')).toBe(true);
    expect(isBlankQuestionText('<p><img src="/files/a.webp"></p>')).toBe(false);
    expect(isBlankQuestionText('<img src="/files/a.webp">')).toBe(false);
    expect(isBlankQuestionText('<p>x</p>')).toBe(false);
  });
});
