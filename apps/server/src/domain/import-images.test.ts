// The embedded-picture helpers of an import (issue 21) on their own: which names the HTML refers to
// (attribute escapes undone), the srcs rewritten to stored URLs (others left alone), and the bounds.
import { MSG } from '@zan/core';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { TINY_PNG } from '../../test/authorization-resources.ts';
import { decodeEmbedded, embeddedNames, rewriteEmbedded } from './import-images.ts';

const png = TINY_PNG.toString('base64');
const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (err) {
    if (err instanceof AppError) return `${err.statusCode} ${err.message}`;
    throw err;
  }
  return 'accepted';
};

describe('embedded pictures', () => {
  it('finds the names the HTML refers to, quotes and escapes included, and nothing else', () => {
    const names = embeddedNames([
      '<p><img src="zan-import:a.png"> <img alt="x" src=\'zan-import:b &amp; c.png\'></p>',
      '<img src="/files/x.png">',
      null,
      'zan-import:not-a-src.png',
    ]);
    expect([...names]).toEqual(['a.png', 'b & c.png']);
  });

  it('rewrites each referenced src to its URL and leaves the others', () => {
    const urls = new Map([
      ['a.png', '/files/html_content_images/u_1_a.png'],
      ['b & c.png', '/files/html_content_images/u_1_b-c.png'],
    ]);
    expect(
      rewriteEmbedded(
        '<img src="zan-import:a.png"><img src=\'zan-import:b &amp; c.png\'><img src="zan-import:z.png">',
        urls,
      ),
    ).toBe(
      '<img src="/files/html_content_images/u_1_a.png"><img src="/files/html_content_images/u_1_b-c.png"><img src="zan-import:z.png">',
    );
    expect(rewriteEmbedded(null, urls)).toBeNull();
  });

  it('decodes only referenced files and refuses, by name, what is missing, not base64, not an image or too much', () => {
    const file = (name: string, base64 = png) => ({ name, mime: 'image/png', base64 });
    const decoded = decodeEmbedded([file('a.png'), file('unused.png', '!!')], new Set(['a.png']));
    expect(decoded.map((d) => [d.name, Buffer.from(d.bytes).equals(TINY_PNG)])).toEqual([['a.png', true]]);
    // Base64 broken over lines (as Moodle writes it) is fine.
    expect(decodeEmbedded([file('a.png', png.replace(/(.{10})/g, '$1\n'))], new Set(['a.png']))).toHaveLength(
      1,
    );
    expect(refusal(() => decodeEmbedded([], new Set(['a.png'])))).toBe(
      `400 ${MSG.importFileMissing('a.png')}`,
    );
    expect(refusal(() => decodeEmbedded([file('a.png', 'abc*')], new Set(['a.png'])))).toBe(
      `400 ${MSG.importFileRejected('a.png', MSG.importFileNotBase64)}`,
    );
    expect(refusal(() => decodeEmbedded([file('a.png', 'aGVsbG8=')], new Set(['a.png'])))).toBe(
      `400 ${MSG.importFileRejected('a.png', MSG.imageWrongType)}`,
    );
    expect(refusal(() => decodeEmbedded([file('a.png', 'A'.repeat(14_000_004))], new Set(['a.png'])))).toBe(
      `400 ${MSG.importFileRejected('a.png', MSG.imageTooLarge)}`,
    );
    expect(
      refusal(() =>
        decodeEmbedded([file('a.png'), file('b.png')], new Set(['a.png', 'b.png']), {
          maxTotalBytes: TINY_PNG.length + 1,
        }),
      ),
    ).toBe(`400 ${MSG.importFilesTooLarge(0)}`);
  });
});
