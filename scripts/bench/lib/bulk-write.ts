// The bulk-import benchmark's server half: an embedded PostgreSQL (migrated, in a temp dir), one topic,
// and the real bulk service (features/content/resources-bulk-service.ts) writing a planned import in
// its one transaction through the content-write path — as the route would, minus HTTP.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Actor, BulkCardsBody, BulkQuestionsBody } from '@zan/core';
import { createDb } from '../../../apps/server/src/db/client.ts';
import { startEmbedded } from '../../../apps/server/src/db/embedded.ts';
import { runMigrations } from '../../../apps/server/src/db/migrate.ts';
import { insertUserWithPassword } from '../../../apps/server/src/db/seed/demo.ts';
import { college, module, subject, topic } from '../../../apps/server/src/db/schema/index.ts';
import { withContentWrite } from '../../../apps/server/src/domain/content-write.ts';
import { resourcesBulkService } from '../../../apps/server/src/features/content/resources-bulk-service.ts';
import { freePort } from './env.ts';

const ACTOR_BASE: Actor = {
  id: '',
  role: 'superadmin',
  emailVerified: true,
  collegeId: null,
  yearGroup: null,
  adminCollegeId: null,
  adminYearGroup: null,
};

export async function startBulkWriter() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'zan-bench-bulk-'));
  fs.chmodSync(tmp, 0o755);
  const embedded = await startEmbedded({
    dir: path.join(tmp, 'pg'),
    port: await freePort(),
    database: 'zan_bench',
  });
  const { pool, db } = createDb(embedded.url, 4);
  await runMigrations(pool);
  const [c] = await db
    .insert(college)
    .values({ name: 'Bench College', years: ['Y1'] })
    .returning();
  const scope = { collegeId: c!.id, yearGroup: 'Y1' };
  // A real user: an import records who made it (content_import.created_by refers to the user table).
  const { id } = await insertUserWithPassword(db, {
    email: 'bench@bench.test',
    password: 'bench-superadmin-1',
    role: 'superadmin',
    firstName: 'Bench',
    lastName: 'Admin',
    emailVerified: true,
  });
  const ACTOR: Actor = { ...ACTOR_BASE, id };
  const bulk = resourcesBulkService({ db, events: null });
  let n = 0;
  /** A fresh topic per run, so every run writes into an empty set. */
  const freshTopic = () =>
    withContentWrite({ db, events: null }, async ({ tx }) => {
      const [m] = await tx
        .insert(module)
        .values({ name: `M${++n}`, stage: 1, ...scope })
        .returning();
      const [s] = await tx
        .insert(subject)
        .values({ name: 'S', moduleId: m!.id, ...scope })
        .returning();
      const [t] = await tx
        .insert(topic)
        .values({ name: 'T', nameLowercase: 't', subjectId: s!.id, moduleId: m!.id, ...scope })
        .returning();
      return t!.id;
    });
  return {
    freshTopic,
    cards: (topicId: string, body: BulkCardsBody) => bulk.importCards(ACTOR, topicId, body),
    questions: (topicId: string, body: BulkQuestionsBody) => bulk.importQuestions(ACTOR, topicId, body),
    async stop() {
      await pool.end();
      await new Promise((r) => setTimeout(r, 200));
      await embedded.stop();
      fs.rmSync(tmp, { recursive: true, force: true });
    },
  };
}
