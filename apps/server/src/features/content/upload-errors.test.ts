// Issue 17: an upload the server cannot read is the caller's mistake, answered 400 or 413 with a clear
// message, never a 500; a file name is stored without control characters and bounded.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_NAME_MAX, MSG } from '@zan/core';
import { createTestApp } from '../../../test/harness.ts';
import { adminWithTopic } from '../../../test/helpers.ts';
import { multipartFile } from '../../../test/authorization-resources.ts';

describe('upload errors', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let cookie = '';
  let topicId = '';
  let png: Buffer;
  beforeAll(async () => {
    t = await createTestApp();
    ({ cookie, topicId } = await adminWithTopic(t.app, t.db));
    png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
  });
  afterAll(async () => t.close());

  const post = (payload: Buffer | string, contentType: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/images?topicId=${topicId}`,
      headers: { cookie, 'content-type': contentType },
      payload,
    });
  const uploadNamed = (name: string) => {
    const m = multipartFile(name, png);
    return post(m.payload, m.headers['content-type']!);
  };
  const B = '----zanBoundary';
  const type = `multipart/form-data; boundary=${B}`;
  const filePart = (name = 'x.png') =>
    Buffer.concat([
      Buffer.from(
        `--${B}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${B}--\r\n`),
    ]);

  it('answers 400 or 413 with a message to bodies it cannot read', async () => {
    const cases: [string, Buffer | string, string][] = [
      [
        'a field before the file',
        Buffer.concat([
          Buffer.from(`--${B}\r\nContent-Disposition: form-data; name="caption"\r\n\r\nhello\r\n`),
          filePart(),
        ]),
        type,
      ],
      ['a truncated body', filePart().subarray(0, 120), type],
      ['no boundary', filePart(), 'multipart/form-data'],
    ];
    for (const [name, payload, contentType] of cases) {
      const res = await post(payload, contentType);
      expect([400, 413], name).toContain(res.statusCode);
      expect(res.json().error.message, name).toBe(MSG.uploadUnreadable);
    }
    // Nothing was stored.
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/admin/images?topicId=${topicId}`,
      headers: { cookie },
    });
    expect(list.json().images).toEqual([]);
  });

  it('stores a file name without NUL or control characters, bounded', async () => {
    const res = await uploadNamed(`heart\u0000\u0007 diagram.png`);
    expect(res.statusCode).toBe(201);
    expect(res.json().image.fileName).toBe('heart diagram.png');

    const res2 = await uploadNamed(`${'a'.repeat(60_000)}.png`);
    expect(res2.statusCode).toBe(201);
    const stored: string = res2.json().image.fileName;
    expect(stored).toHaveLength(FILE_NAME_MAX);
    expect(stored.endsWith('.png')).toBe(true);
  });
});
