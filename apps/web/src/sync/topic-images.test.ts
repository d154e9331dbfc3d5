// Which pictures a topic's content links: only this server's files and demo diagrams, once each.
import { describe, expect, it } from 'vitest';
import { imagePathsIn, topicImagePaths } from './topic-images.ts';

describe('topic images', () => {
  it('finds /files/ and /demo-images/ sources, same-origin absolute URLs as paths, nothing else', () => {
    const html =
      '<p>x</p><img src="/files/html_content_images/a.webp" alt=""><img src="https://evil.test/x.png"><img src="http://app.test/demo-images/heart.svg">';
    expect(imagePathsIn(html, 'http://app.test')).toEqual([
      '/files/html_content_images/a.webp',
      '/demo-images/heart.svg',
    ]);
  });

  it('collects a topic’s card faces and pages without repeats', () => {
    const img = '<img src="/files/k/a.webp">';
    const paths = topicImagePaths({
      cards: [{ front: img, back: '<img src="/files/k/b.webp">' }] as never,
      htmlContent: [{ htmlBody: `<h2>T</h2>${img}` }] as never,
    });
    expect(paths).toEqual(['/files/k/a.webp', '/files/k/b.webp']);
  });

  it('collects the pictures of HTML questions, never a plain-text question’s (issue 19)', () => {
    const q = (fields: Partial<Record<string, string | null>>) => ({
      question: '',
      option1: '',
      option2: '',
      option3: null,
      option4: null,
      option5: null,
      explanation: null,
      ...fields,
    });
    const paths = topicImagePaths({
      cards: [],
      htmlContent: [],
      questions: [
        q({ question: '<p>ECG <img src="/files/k/ecg.webp"></p>', option2: '<img src="/files/k/o.webp">' }),
        q({ explanation: '<p><img src="/files/k/e.webp"></p>' }),
        q({ question: 'Plain <img src="/files/k/plain.webp">' }),
      ],
    });
    expect(paths).toEqual(['/files/k/ecg.webp', '/files/k/o.webp', '/files/k/e.webp']);
  });

  it('never prefetches a path that leaves /files/ through dot segments (issue 17)', () => {
    const html =
      '<img src="/files/../api/events"><img src="/files/%2E%2E/api/events"><img src="/demo-images/./x.svg"><img src="/files/k/ok.webp">';
    expect(imagePathsIn(html, '')).toEqual(['/files/k/ok.webp']);
  });
});
