// Issue 38: the Anki import upload answers a multipart body it cannot read — a field before the file, one
// cut short — with a clear 400 instead of never answering, and leaves no temporary folder behind (nor
// when the client hangs up mid-body). A job id the schema refuses (a NUL) is a 400 too.
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANKI_IMPORT_MESSAGES as M } from '@zan/core';
import { createTestApp } from '../../../test/harness.ts';
import { adminWithTopic } from '../../../test/helpers.ts';

const B = '----zanAnkiBoundary';
const TYPE = `multipart/form-data; boundary=${B}`;
const filePart = Buffer.concat([
  Buffer.from(
    `--${B}\r\nContent-Disposition: form-data; name="file"; filename="deck.apkg"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  ),
  Buffer.from(`PK\u0003\u0004${'x'.repeat(600)}`),
  Buffer.from(`\r\n--${B}--\r\n`),
]);
const fieldFirst = Buffer.concat([
  Buffer.from(`--${B}\r\nContent-Disposition: form-data; name="deckName"\r\n\r\nCardio\r\n`),
  filePart,
]);

describe('the Anki import upload refuses multipart bodies it cannot read', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let cookie = '';
  let url = '';
  let tmp = '';
  const savedTmp = process.env.TMPDIR;
  beforeAll(async () => {
    // Upload folders are made under os.tmpdir(): a folder of this test's own to look into.
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'anki-upload-test-'));
    process.env.TMPDIR = tmp;
    t = await createTestApp();
    const admin = await adminWithTopic(t.app, t.db);
    cookie = admin.cookie;
    url = `/api/admin/topics/${admin.topicId}/anki-imports`;
    await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await t.close();
    // An unset TMPDIR stays unset: assigning undefined would store the string 'undefined'.
    if (savedTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = savedTmp;
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  const uploadFolders = () => fs.readdirSync(tmp).filter((n) => n.startsWith('zan-anki-'));
  /** The answer, or 'no answer' when there is none within 10 s (the route used to wait forever). */
  const answer = <T>(p: Promise<T>) =>
    Promise.race([p, new Promise<'no answer'>((r) => setTimeout(() => r('no answer'), 10_000))]);
  const post = (payload: Buffer) =>
    answer(t.app.inject({ method: 'POST', url, headers: { cookie, 'content-type': TYPE }, payload }));

  // Found by the route fuzz: a NUL in a job id reached PostgreSQL (500); the schema refuses it.
  it('a job id or a file name with a NUL is a 400, for the admin and the student routes alike', async () => {
    for (const path of [
      '/api/admin/anki-imports/%00',
      '/api/admin/anki-imports/%00/pictures/heart.png',
      '/api/sync/anki-progress/%00',
    ]) {
      const res = await t.app.inject({ method: 'GET', url: path, headers: { cookie } });
      expect(res.statusCode, path).toBe(400);
    }
    // …and so is a file name with one (it is kept in the job's row).
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sync/anki-progress?fileName=a%00b.apkg',
      headers: { cookie, 'content-type': 'application/octet-stream' },
      payload: Buffer.from('PK'),
    });
    expect(res.statusCode).toBe(400);
  });

  it('a field before the file, and a body cut short, are 400 with a clear message', async () => {
    for (const [name, payload, message] of [
      ['a field before the file', fieldFirst, M.unreadable],
      ['a body cut short', filePart.subarray(0, 200), M.unreadable],
      // Cut before the file part begins: busboy sees no file at all.
      ['a body cut in its headers', filePart.subarray(0, 60), M.noFile],
    ] as const) {
      const res = await post(payload);
      if (res === 'no answer') throw new Error(`${name}: no answer within 10 s`);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().error.message, name).toBe(message);
      expect(uploadFolders(), name).toEqual([]);
    }
  });

  it('over a socket: a body cut short is 400; a client that hangs up mid-body leaves nothing', async () => {
    const { port } = t.app.server.address() as AddressInfo;
    const cut = filePart.subarray(0, 200);
    const status = new Promise<number>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: url,
          headers: { cookie, 'content-type': TYPE, 'content-length': cut.length },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end(cut);
    });
    expect(await answer(status)).toBe(400);
    expect(uploadFolders()).toEqual([]);

    const socket = net.connect(port, '127.0.0.1');
    await new Promise<void>((r) => socket.once('connect', r));
    const closed = new Promise<string>((r) => {
      let got = '';
      socket.on('data', (c: Buffer) => (got += c.toString()));
      socket.on('close', () => r(got));
    });
    socket.write(
      `POST ${url} HTTP/1.1\r\nHost: localhost\r\nCookie: ${cookie}\r\nContent-Type: ${TYPE}\r\n` +
        `Content-Length: ${filePart.length + 10_000}\r\n\r\n`,
    );
    socket.write(filePart.subarray(0, 400));
    // Let the server start the upload (it makes the upload's folder first), then hang up.
    const before = uploadFolders().length;
    for (let i = 0; i < 100 && uploadFolders().length === before; i++)
      await new Promise((r) => setTimeout(r, 20));
    socket.end();
    expect(await answer(closed)).not.toBe('no answer');
    for (let i = 0; i < 100 && uploadFolders().length > 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(uploadFolders()).toEqual([]);
  });
});
