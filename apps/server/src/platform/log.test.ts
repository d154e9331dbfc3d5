import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createDb } from '../db/client.ts';
import { createTestDatabase, testConfig } from '../../test/harness.ts';
import { signedInUser } from '../../test/helpers.ts';
import { serializeError } from './log.ts';

// Issue 10, item 6: a failing query must not write its parameters (tokens, payloads) to the log.
describe('log redaction', () => {
  const lines: string[] = [];
  let app: Awaited<ReturnType<typeof buildApp>>;
  let close: () => Promise<void>;
  let db: ReturnType<typeof createDb>['db'];

  beforeAll(async () => {
    const database = await createTestDatabase();
    const handle = createDb(database.url, 2);
    db = handle.db;
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString('utf8').split('\n').filter(Boolean)));
    app = await buildApp(
      { config: testConfig({ logLevel: 'info' }), db, pool: handle.pool },
      { logStream: stream },
    );
    await app.ready();
    close = async () => {
      await app.close();
      await handle.pool.end();
      await database.drop();
    };
  });
  afterAll(async () => close());

  const logText = () => lines.join('\n');

  it('keeps progress payloads out of the log of a failed upload', async () => {
    const u = await signedInUser(app, db);
    await db.execute(sql`DROP TABLE review_log`);
    const res = await app.inject({
      method: 'POST',
      url: '/api/sync/progress',
      headers: { cookie: u.cookie },
      payload: {
        deviceId: 'device-secret-payload',
        ops: [
          {
            opId: 'op-secret-payload-1',
            kind: 'upsert',
            rating: 3,
            record: {
              itemId: 'item-secret-payload',
              type: 'flashcard',
              cardId: 'card-secret-payload',
              questionId: null,
              subjectId: 'subject-secret-payload',
              deckId: null,
              easeFactor: 2.5,
              interval: 600,
              dueDate: Date.now() + 600_000,
              isSuspended: false,
              reviewedAt: Date.now(),
            },
          },
        ],
      },
    });
    expect(res.statusCode).toBe(500);
    expect(logText()).toMatch(/Failed query/);
    expect(logText()).not.toMatch(/secret-payload/);
  });

  it('keeps reset tokens out of the log of a failed reset and of request URLs', async () => {
    await db.execute(sql`DROP TABLE verification`);
    const res = await app.inject({
      method: 'POST',
      url: '/api/session/reset-password',
      payload: { token: 'TOKEN-SECRET-reset-1234', newPassword: 'new-password-1' },
    });
    expect(res.statusCode).toBe(500);
    await app.inject({
      method: 'GET',
      url: '/api/auth/verify-email?token=TOKEN-SECRET-url-5678&callbackURL=/x',
    });
    expect(logText()).toMatch(/verify-email\?token=\[redacted\]/);
    expect(logText()).not.toMatch(/TOKEN-SECRET|new-password-1/);
  });

  it('redacts drizzle parameters and PostgreSQL row details, keeps the query and the cause', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "x"'), {
      code: '23505',
      detail: 'Key (email)=(someone@example.com) already exists.',
    });
    const err = Object.assign(
      new Error('Failed query: insert into "user" values ($1, $2)\nparams: someone@example.com,hunter2'),
      {
        query: 'insert into "user" values ($1, $2)',
        params: ['someone@example.com', 'hunter2'],
        cause,
      },
    );
    const text = JSON.stringify(serializeError(err));
    expect(text).toContain('insert into \\"user\\"');
    expect(text).toContain('23505');
    expect(text).not.toMatch(/someone@example\.com|hunter2/);
  });
});
