// `npm run bench -- heavy-paths`: issue 38's benchmark. Against the BUILT server (NODE_ENV=production, its
// embedded PostgreSQL, loopback), the heavy paths a security test found stalling every college, one phase
// each, while a third client (another student's idle delta sync, in a process of its own) measures its
// latency: a student's Anki progress import of 200,000 reviews of one card, that student's .apkg export
// of the deck afterwards, item statistics of a 10,000-question quiz with 30,000 answers, three students'
// optimizer runs at once, and a zip whose entry lies about its size (declares 1 KiB, inflates to 2 GiB)
// sent to the admin's Anki import and to the student's progress import. Prints per phase the third
// client's p50/p99/max, the heavy requests' statuses and times, the server's peak RSS and its children's
// (the package reader, the optimizer; PostgreSQL apart) and the machine's load. Budget: the third client's
// p99 ≤ 100 ms in every phase. `--reviews N`, `--questions N` for other sizes. Exits non-zero only on
// functional errors (a heavy request answering other than expected, or the client erring).
import os from 'node:os';
import zlib from 'node:zlib';
import type {
  AnkiImportJob,
  ContentPullResponse,
  OptimizeStateResponse,
  ProgressOp,
  TopicContentResponse,
} from '@zan/core';
import { writeAnkiPackage } from '../../apps/server/src/features/anki/write-package.ts';
import {
  buildServer,
  prepareWorld,
  signInCookie,
  startServer,
  STUDENT_PASSWORD,
  studentEmail,
  type LoadServer,
} from './lib/load-world.ts';
import { seedWorldHistories } from './lib/review-history.ts';
import { loadAverage, ms, percentile, table, verdict } from './lib/stats.ts';
import { rssTree, startThirdClient } from './lib/third-client.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const REVIEWS = arg('reviews', 200_000);
/** `--only a,b`: run only the phases whose names have one of these words (and the quiet one). */
const ONLY = process.argv.includes('--only')
  ? (process.argv[process.argv.indexOf('--only') + 1] ?? '').split(',')
  : undefined;
const QUESTIONS = arg('questions', 10_000);
/** Students answering every question (30,000 answers) and running the optimizer (3 runs). */
const STUDENTS = 3;
/** Reviews in each optimizer student's history (seeded by SQL before the server starts). */
const OPTIMIZER_REVIEWS = 50_000;
const BUDGET_P99 = 100;
const DAY = 86_400_000;
const NOTE_ID = 1_600_000_000_777;
const log = (m: string) => console.log(m);
const sleep = (n: number) => new Promise((r) => setTimeout(r, n));

type Reply = { status: number; text: string; ms: number };

async function call(
  base: string,
  cookie: string,
  method: string,
  url: string,
  body?: unknown,
  type = 'application/json',
): Promise<Reply> {
  const t0 = performance.now();
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { cookie, ...(body === undefined || body instanceof FormData ? {} : { 'content-type': type }) },
    body:
      body === undefined
        ? undefined
        : body instanceof FormData || body instanceof Uint8Array
          ? (body as BodyInit)
          : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, text, ms: performance.now() - t0 };
}
const json = <T>(r: Reply): T => {
  if (r.status >= 300) throw new Error(`${r.status} ${r.text.slice(0, 300)}`);
  return JSON.parse(r.text) as T;
};

/**
 * A zip whose one entry, `collection.anki21`, says it holds `declared` bytes and inflates to `real`
 * (zeros, deflated by zlib: ~1,000:1): the lying entry of the issue's `zipBombLying.apkg`.
 */
async function lyingZip(declared: number, real: number): Promise<Uint8Array> {
  const parts: Buffer[] = [];
  const deflate = zlib.createDeflateRaw({ level: 9 });
  deflate.on('data', (c: Buffer) => parts.push(c));
  const done = new Promise((r) => deflate.on('end', r));
  const zeros = Buffer.alloc(1 << 20);
  for (let left = real; left > 0; left -= zeros.length)
    if (!deflate.write(left >= zeros.length ? zeros : zeros.subarray(0, left)))
      await new Promise((r) => deflate.once('drain', r));
  deflate.end();
  await done;
  const data = Buffer.concat(parts);
  const name = Buffer.from('collection.anki21');
  const header = (central: boolean) => {
    const h = Buffer.alloc(central ? 46 : 30);
    let o = h.writeUInt32LE(central ? 0x02014b50 : 0x04034b50, 0);
    if (central) o = h.writeUInt16LE(20, o); // made by
    o = h.writeUInt16LE(20, o); // version needed
    o = h.writeUInt16LE(0, o); // flags
    o = h.writeUInt16LE(8, o); // deflate
    o = h.writeUInt32LE(0, o); // time, date
    o = h.writeUInt32LE(0, o); // crc (never reached: the size lies first)
    o = h.writeUInt32LE(data.length, o);
    o = h.writeUInt32LE(declared, o);
    o = h.writeUInt16LE(name.length, o);
    o = h.writeUInt16LE(0, o); // extra
    if (central) {
      o = h.writeUInt16LE(0, o); // comment
      o = h.writeUInt16LE(0, o); // disk
      o = h.writeUInt16LE(0, o); // internal attributes
      o = h.writeUInt32LE(0, o); // external attributes
      h.writeUInt32LE(0, o); // local header offset
    }
    return h;
  };
  const local = Buffer.concat([header(false), name, data]);
  const central = Buffer.concat([header(true), name]);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length, 12);
  end.writeUInt32LE(local.length, 16);
  return new Uint8Array(Buffer.concat([local, central, end]));
}

/** The admin's one-note package: the college card the student's history matches (Anki note id, template). */
const collegePackage = () =>
  writeAnkiPackage({
    now: Date.now(),
    decks: [{ id: 1_600_000_000_100, name: 'Heavy paths' }],
    notes: [{ id: NOTE_ID, guid: 'heavy-paths', kind: 'basic', fields: ['Murmur at the apex', 'Mitral'] }],
    cards: [{ id: 1, noteId: NOTE_ID, deckId: 1_600_000_000_100, ord: 0 }],
    revlog: [],
  });

/** The student's package: REVIEWS reviews of that one card, a minute apart, ending an hour ago. */
async function studentPackage(): Promise<Uint8Array> {
  const now = Date.now();
  const first = now - 3_600_000 - REVIEWS * 60_000;
  return writeAnkiPackage({
    now: first - DAY,
    decks: [{ id: 1_600_000_000_100, name: 'Heavy paths' }],
    notes: [{ id: NOTE_ID, guid: 'heavy-paths', kind: 'basic', fields: ['Murmur at the apex', 'Mitral'] }],
    cards: [
      {
        id: 1,
        noteId: NOTE_ID,
        deckId: 1_600_000_000_100,
        ord: 0,
        scheduling: {
          type: 2,
          queue: 2,
          due: 10,
          ivl: 3,
          factor: 2500,
          reps: REVIEWS,
          lapses: 0,
          memory: null,
        },
      },
    ],
    revlog: Array.from({ length: REVIEWS }, (_, i) => ({
      id: first + i * 60_000,
      cardId: 1,
      ease: i % 7 === 0 ? 1 : 3,
      ivl: i % 7 === 0 ? 1 : 3,
      lastIvl: 3,
      factor: 2500,
      time: 3000,
      type: 1,
    })),
  });
}

async function main(): Promise<void> {
  log(
    `heavy-paths: ${REVIEWS.toLocaleString('en-US')} reviews, ${QUESTIONS.toLocaleString('en-US')} questions × ${STUDENTS} students; ` +
      `${os.cpus().length} cores, load avg ${loadAverage()}`,
  );
  buildServer();
  const world = await prepareWorld(STUDENTS, log);
  await seedWorldHistories(world, STUDENTS, OPTIMIZER_REVIEWS);
  let t0 = performance.now();
  const [lying, progressPkg] = [await lyingZip(1024, 2 ** 31), await studentPackage()];
  log(
    `  packages: lying zip ${(lying.length / 1e6).toFixed(1)} MB, the student's ${(progressPkg.length / 1e6).toFixed(1)} MB ` +
      `(${ms(performance.now() - t0)})`,
  );
  let server: LoadServer | undefined;
  try {
    server = await startServer(world);
    const base = server.url;
    const pid = server.pid;
    const admin = await signInCookie(base, 'admin@demo.test', 'demo-admin-1');
    const demo = await signInCookie(base, 'student@demo.test', 'demo-student-1');
    const students: string[] = [];
    for (let s = 0; s < STUDENTS; s++)
      students.push(await signInCookie(base, studentEmail(s), STUDENT_PASSWORD));
    const pull = json<ContentPullResponse>(await call(base, demo, 'GET', '/api/sync/content'));
    const deltaPath = `/api/sync/content?cursor=${encodeURIComponent(pull.cursor)}&visibleSet=${encodeURIComponent(pull.visibleSet)}`;

    // Set-up, not measured: the quiz, the college's Anki card, every student's answers.
    t0 = performance.now();
    let topicId = '';
    let quizId = '';
    const rows = Array.from({ length: QUESTIONS }, (_, i) => ({
      question: `Question ${i + 1}: which valve?`,
      option1: 'Mitral',
      option2: 'Aortic',
      option3: 'Tricuspid',
      option4: 'Pulmonary',
      option5: null,
      correctOption: 1 + (i % 4),
      explanation: null,
    }));
    // A topic the bench students see (no paid module) and the admin may edit.
    const theirs = json<ContentPullResponse>(await call(base, students[0]!, 'GET', '/api/sync/content'));
    for (const t of theirs.topics) {
      const r = await call(base, admin, 'POST', `/api/admin/topics/${t.id}/bulk/questions`, {
        name: 'Heavy paths',
        add: rows,
        update: [],
      });
      if (r.status === 200 || r.status === 201) {
        topicId = t.id;
        quizId = (JSON.parse(r.text) as { id: string }).id;
        break;
      }
    }
    if (!quizId) throw new Error('the demo admin may import into none of the topics it sees');
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await collegePackage())]), 'college.apkg');
    const { jobId } = json<{ jobId: string }>(
      await call(base, admin, 'POST', `/api/admin/topics/${topicId}/anki-imports`, form),
    );
    const job = async (until: (j: AnkiImportJob) => boolean) => {
      for (;;) {
        const j = json<AnkiImportJob>(await call(base, admin, 'GET', `/api/admin/anki-imports/${jobId}`));
        if (until(j) || j.state === 'failed') return j;
        await sleep(200);
      }
    };
    if ((await job((j) => j.state === 'ready')).state !== 'ready') throw new Error('the Anki preview failed');
    const started = await call(base, admin, 'POST', `/api/admin/anki-imports/${jobId}/import`, {
      deckMode: 'per-deck',
    });
    if (started.status >= 300)
      throw new Error(`Anki import: ${started.status} ${started.text.slice(0, 200)}`);
    if ((await job((j) => j.state === 'done')).state !== 'done') throw new Error('the Anki import failed');
    const content = json<TopicContentResponse>(
      await call(base, students[0]!, 'GET', `/api/sync/topics/${topicId}`),
    );
    const ankiCard = content.cards.find((c) => c.front.includes('Murmur at the apex'));
    if (!ankiCard) throw new Error("the imported Anki card is not in the students' topic");
    const questions = content.questions.filter((q) => q.quizId === quizId);
    if (questions.length !== QUESTIONS) throw new Error(`the quiz has ${questions.length} questions`);
    const subjectId = theirs.topics.find((t) => t.id === topicId)!.subjectId;
    for (let s = 0; s < STUDENTS; s++)
      for (let i = 0; i < questions.length; i += 1000) {
        const at = Date.now() - DAY;
        const ops: ProgressOp[] = questions.slice(i, i + 1000).map((q, k) => ({
          opId: crypto.randomUUID(),
          kind: 'upsert',
          rating: 1 + ((i + k + s) % 4),
          record: {
            itemId: q.id,
            type: 'mcq',
            cardId: null,
            questionId: q.id,
            subjectId,
            deckId: null,
            easeFactor: 2.5,
            interval: 86_400,
            dueDate: at + DAY,
            isSuspended: false,
            reviewedAt: at + k,
          },
        }));
        const r = await call(base, students[s]!, 'POST', '/api/sync/progress', {
          deviceId: crypto.randomUUID(),
          ops,
        });
        const rejected = json<{ rejected: unknown[] }>(r).rejected;
        if (rejected.length) throw new Error(`answers refused: ${JSON.stringify(rejected[0])}`);
      }
    log(
      `  set-up: ${QUESTIONS.toLocaleString('en-US')} questions, ${(QUESTIONS * STUDENTS).toLocaleString('en-US')} answers, ` +
        `the college's Anki card, in ${ms(performance.now() - t0)}; server RSS ${rssTree(pid).server.toFixed(0)} MB`,
    );

    const table_: (string | number)[][] = [
      ['phase', 'heavy requests', 'client reqs', 'p50', 'p99', 'max', 'errors', 'server RSS', 'children RSS'],
    ];
    let failed = false;
    let worstP99 = 0;
    const expect = (what: string, r: Reply, ok: (status: number) => boolean) => {
      if (!ok(r.status)) {
        failed = true;
        log(`  ${what}: unexpected ${r.status} ${r.text.slice(0, 200)}`);
      }
      return `${r.status} in ${ms(r.ms)}`;
    };
    async function phase(name: string, work: () => Promise<string>): Promise<void> {
      if (ONLY && !name.startsWith('quiet') && !ONLY.some((w) => name.includes(w))) return;
      let peak = rssTree(pid);
      const sampler = setInterval(() => {
        const now = rssTree(pid);
        peak = { server: Math.max(peak.server, now.server), children: Math.max(peak.children, now.children) };
      }, 50);
      const client = await startThirdClient(base, demo, deltaPath);
      const heavy = await work();
      const samples = await client.stop();
      clearInterval(sampler);
      const times = samples.map((s) => s.ms);
      const errors = samples.filter((s) => s.status !== 200).length;
      const p99 = percentile(times, 99);
      worstP99 = Math.max(worstP99, p99);
      if (errors) failed = true;
      table_.push([
        name,
        heavy,
        samples.length,
        ms(percentile(times, 50)),
        ms(p99),
        ms(Math.max(...times)),
        errors,
        `${peak.server.toFixed(0)} MB`,
        `${peak.children.toFixed(0)} MB`,
      ]);
      log(`  ${name}: ${heavy} (load avg ${loadAverage()})`);
    }

    log('Phases (the third client polls its delta sync throughout):');
    await phase('quiet (5 s)', async () => {
      await sleep(5000);
      return '-';
    });
    await phase(`progress import, ${REVIEWS.toLocaleString('en-US')} reviews of one card`, async () => {
      const r = await call(
        base,
        students[0]!,
        'POST',
        '/api/sync/anki-progress?fileName=collection.colpkg',
        progressPkg,
        'application/octet-stream',
      );
      return `${expect('progress import', r, (s) => s === 200)}: ${r.text.slice(0, 80)}`;
    });
    await phase('its .apkg export × 3', async () => {
      const out: string[] = [];
      for (let k = 0; k < 3; k++)
        out.push(
          expect(
            'export',
            await call(base, students[0]!, 'GET', `/api/decks/${ankiCard.deckId}/apkg`),
            (s) => s === 200,
          ),
        );
      return out.join(', ');
    });
    // 15 in a row: with 5 the client made ~45 requests, so its p99 was its one slowest.
    await phase(`item statistics, ${QUESTIONS.toLocaleString('en-US')} questions × 15`, async () => {
      const times: number[] = [];
      const statuses = new Set<number>();
      for (let k = 0; k < 15; k++) {
        const r = await call(base, admin, 'GET', `/api/admin/quizzes/${quizId}/item-stats`);
        expect('item stats', r, (s) => s === 200);
        times.push(r.ms);
        statuses.add(r.status);
      }
      return `${[...statuses].join('/')}, median ${ms(percentile(times, 50))}, max ${ms(Math.max(...times))}`;
    });
    await phase(`${STUDENTS} optimizer runs at once`, async () => {
      const t = performance.now();
      const starts = await Promise.all(
        students.map((c) =>
          call(base, c, 'POST', '/api/sync/scheduler-optimize', { timeZone: 'Europe/Berlin' }),
        ),
      );
      for (const r of starts) expect('optimizer start', r, (s) => s === 202);
      const outcomes: string[] = [];
      for (const c of students)
        for (;;) {
          const state = json<OptimizeStateResponse>(
            await call(base, c, 'GET', '/api/sync/scheduler-optimize'),
          );
          if (state.job && state.job.status !== 'running') {
            outcomes.push(state.job.status === 'done' ? state.job.outcome.kind : state.job.status);
            break;
          }
          if (performance.now() - t > 600_000)
            throw new Error('the optimizer runs did not end in 10 minutes');
          await sleep(250);
        }
      return `${starts.map((r) => r.status).join(' ')} → ${outcomes.join(', ')} in ${ms(performance.now() - t)}`;
    });
    await phase('lying zip (1 KiB → 2 GiB) × 3 admin + × 3 student', async () => {
      const out: string[] = [];
      for (let k = 0; k < 3; k++) {
        const f = new FormData();
        f.append('file', new Blob([new Uint8Array(lying)]), 'lying.apkg');
        const r = await call(base, admin, 'POST', `/api/admin/topics/${topicId}/anki-imports`, f);
        if (r.status === 202) {
          const id = (JSON.parse(r.text) as { jobId: string }).jobId;
          const t = performance.now();
          let j: AnkiImportJob;
          do {
            await sleep(100);
            j = json<AnkiImportJob>(await call(base, admin, 'GET', `/api/admin/anki-imports/${id}`));
          } while (j.state !== 'failed' && j.state !== 'ready');
          if (j.state !== 'failed') failed = true;
          out.push(`admin ${j.state} in ${ms(r.ms + performance.now() - t)}`);
        } else out.push(`admin ${expect('lying zip (admin)', r, (s) => s === 400 || s === 413)}`);
      }
      for (let k = 0; k < 3; k++) {
        const r = await call(
          base,
          students[1]!,
          'POST',
          '/api/sync/anki-progress?fileName=lying.apkg',
          lying,
          'application/octet-stream',
        );
        out.push(`student ${expect('lying zip (student)', r, (s) => s === 400)}`);
      }
      return out.join(', ');
    });

    log(`\n${table(table_)}`);
    log(
      `\nthird client p99 (worst phase) ${ms(worstP99)} (budget ≤ ${BUDGET_P99} ms: ${verdict(worstP99 <= BUDGET_P99)}); ` +
        `load avg after ${loadAverage()}`,
    );
    if (failed) process.exitCode = 1;
  } finally {
    await server?.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
