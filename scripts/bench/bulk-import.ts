// Benchmark: bulk import of 5,000 rows (issue 8: "5,000 rows import in well under 5 s"): core's parse
// (papaparse) + mapping + preview + duplicate detection + plan (the browser's half), then the server's
// write of the planned rows in one transaction (the bulk service on embedded PostgreSQL), for cards and
// MCQs; and (issue 21: "a 5,000-question Moodle XML file imports in ≤ 5 s") core's readMoodleXml of a
// generated 5,000-question Moodle 4.x export, then the same server write of what it read. Prints figures
// and machine load.
// `--runs N` (default 20) after 3 warm-up runs. Exits non-zero only on functional errors (wrong counts).
import os from 'node:os';
import {
  cardKey,
  csvCell,
  findDuplicates,
  planImport,
  prepareImport,
  questionKey,
  readMoodleXml,
  type BulkKind,
  type ExistingItem,
} from '@zan/core';
import { startBulkWriter } from './lib/bulk-write.ts';
import { createRng } from './lib/rng.ts';
import { median, ms, percentile, table, verdict } from './lib/stats.ts';
import { parseRuns } from './lib/sync-bench.ts';

const ROWS = 5_000;
const EXISTING = 1_000;
const BAD_EVERY = 250; // one row in 250 has an error
const DUP_EVERY = 50; // one row in 50 repeats an existing item
const BUDGET_MS = 5_000;
const WARMUP = 3;
const WRITE_RUNS = 5;
const WORDS =
  'aortic valve mitral systole diastole nephron glomerulus alveolus insulin cortisol thyroid'.split(' ');

function sentence(r: ReturnType<typeof createRng>, min: number, max: number): string {
  const n = r.int(min, max);
  return Array.from({ length: n }, () => r.pick(WORDS)).join(' ');
}

function generate(kind: BulkKind, seed: number) {
  const r = createRng(seed);
  const fronts = Array.from({ length: EXISTING }, (_, i) => `Existing ${i}: ${sentence(r, 4, 10)}?`);
  // Stored items carry markup and other spacing; the pasted repeats are plain text.
  const existing: ExistingItem[] = fronts.map((f) => ({
    id: r.uuid(),
    text: `<p>${f.replace(/ /g, '  ')}</p>`,
  }));
  const lines: string[] = [];
  let bad = 0;
  let dups = 0;
  for (let i = 0; i < ROWS; i++) {
    const dup = i % DUP_EVERY === 0;
    const broken = !dup && i % BAD_EVERY === 1;
    if (dup) dups++;
    if (broken) bad++;
    const key = dup ? fronts[(i / DUP_EVERY) % EXISTING]! : `Row ${i}: ${sentence(r, 4, 14)}, really?`;
    const cells =
      kind === 'flashcards'
        ? [broken ? '' : key, sentence(r, 6, 30)]
        : [
            key,
            sentence(r, 1, 4),
            sentence(r, 1, 4),
            sentence(r, 1, 4),
            sentence(r, 1, 4),
            r.next() < 0.5 ? '' : sentence(r, 1, 4),
            broken ? 'Z' : r.pick(['1', '2', '3', 'A', 'B', 'd', '']),
            sentence(r, 8, 40),
          ];
    lines.push(cells.map((c) => csvCell(c)).join(','));
  }
  const header =
    kind === 'flashcards'
      ? 'Front,Back'
      : 'question,option1,option2,option3,option4,option5,correctOption,explanation';
  return { text: [header, ...lines].join('\r\n'), existing, bad, dups };
}

const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A Moodle 4.x export of ROWS questions in categories of 500: HTML stems and answers in CDATA, general
 * and per-answer feedback, a true/false every 20th; one in BAD_EVERY has no right answer (an error), one
 * in 500 is a short-answer question (skipped).
 */
function generateMoodleXml(seed: number) {
  const r = createRng(seed);
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>', '<quiz>'];
  let bad = 0;
  let skipped = 0;
  const text = (tag: string, html: string, format = 'html') =>
    `    <${tag} format="${format}">\n      <text><![CDATA[${html}]]></text>\n    </${tag}>`;
  for (let i = 0; i < ROWS; i++) {
    if (i % 500 === 0)
      out.push(
        `<!-- question: 0  -->\n  <question type="category">\n    <category>\n      <text>$course$/top/Cardiology/Part ${i / 500 + 1}</text>\n    </category>\n  </question>\n`,
      );
    const name = `<name>\n      <text>${xmlText(`Q${i} ${sentence(r, 2, 4)}`)}</text>\n    </name>`;
    out.push(`<!-- question: ${1000 + i}  -->`);
    if (i % 500 === 499) {
      skipped++;
      out.push(
        `  <question type="shortanswer">\n    ${name}\n${text('questiontext', `<p>${sentence(r, 6, 14)}?</p>`)}\n    <answer fraction="100" format="moodle_auto_format">\n      <text>${sentence(r, 1, 2)}</text>\n    </answer>\n  </question>\n`,
      );
      continue;
    }
    const broken = i % BAD_EVERY === 1;
    if (broken) bad++;
    const tf = i % 20 === 7;
    const answers = tf
      ? ['true', 'false'].map((t, k) => ({
          t,
          fraction: broken ? 0 : k === 0 ? 100 : 0,
          format: 'moodle_auto_format',
        }))
      : Array.from({ length: r.int(3, 5) }, (_, k) => ({
          t: `<p>${sentence(r, 1, 4)}</p>`,
          fraction: !broken && k === 1 ? 100 : 0,
          format: 'html',
        }));
    out.push(
      [
        `  <question type="${tf ? 'truefalse' : 'multichoice'}">`,
        `    ${name}`,
        text('questiontext', `<p>Row ${i}: ${sentence(r, 6, 20)}, <b>${sentence(r, 1, 3)}</b>?</p>`),
        text('generalfeedback', `<p>${sentence(r, 8, 40)}</p>`),
        '    <defaultgrade>1.0000000</defaultgrade>',
        '    <penalty>0.3333333</penalty>',
        '    <hidden>0</hidden>',
        '    <idnumber></idnumber>',
        ...(tf
          ? []
          : [
              '    <single>true</single>',
              '    <shuffleanswers>true</shuffleanswers>',
              '    <answernumbering>abc</answernumbering>',
            ]),
        ...answers.map(
          (a) =>
            `    <answer fraction="${a.fraction}" format="${a.format}">\n      <text>${a.format === 'html' ? `<![CDATA[${a.t}]]>` : a.t}</text>\n      <feedback format="html">\n        <text>${r.next() < 0.2 ? `<![CDATA[<p>${sentence(r, 3, 8)}</p>]]>` : ''}</text>\n      </feedback>\n    </answer>`,
        ),
        '  </question>',
        '',
      ].join('\n'),
    );
  }
  out.push('</quiz>', '');
  return { text: out.join('\n'), bad, skipped };
}

/** The Moodle XML part: read (core, the browser's half) then the server's write of what was read. */
async function moodleXml(runs: number, writer: Awaited<ReturnType<typeof startBulkWriter>>) {
  const { text, bad, skipped } = generateMoodleXml(4242);
  const expected = ROWS - bad - skipped;
  const read: number[] = [];
  let last: ReturnType<typeof readMoodleXml> | null = null;
  for (let k = -WARMUP; k < runs; k++) {
    const t0 = performance.now();
    const out = readMoodleXml(text);
    const took = performance.now() - t0;
    if (!out.ok) throw new Error(`moodle-xml: ${out.error}`);
    if (out.items.length !== expected || out.errors.length !== bad || out.skipped.length !== skipped)
      throw new Error(
        `moodle-xml: ${out.items.length} questions, ${out.errors.length} errors, ${out.skipped.length} skipped; expected ${expected}, ${bad}, ${skipped}`,
      );
    last = out;
    if (k >= 0) read.push(took);
  }
  if (!last?.ok) throw new Error('moodle-xml: nothing read');
  const body = {
    name: last.setName ?? 'Bench Moodle XML',
    add: last.items.map((i) => i.item),
    update: [],
    source: 'moodle-xml' as const,
  };
  const write: number[] = [];
  for (let k = 0; k < WRITE_RUNS; k++) {
    const topicId = await writer.freshTopic();
    const t0 = performance.now();
    const res = await writer.questions(topicId, body);
    write.push(performance.now() - t0);
    if (res.count !== expected) throw new Error(`moodle-xml: wrote ${res.count}, expected ${expected}`);
  }
  const totalP95 = percentile(read, 95) + percentile(write, 95);
  const row = [
    'moodle-xml',
    (Buffer.byteLength(text) / 1024).toFixed(0),
    ms(median(read)),
    ms(percentile(read, 95)),
    '—',
    '—',
    ms(median(write)),
    ms(percentile(write, 95)),
    ms(totalP95),
  ];
  return {
    row,
    totalP95,
    note: `moodle-xml: ${expected} questions read (${bad} errors, ${skipped} skipped)`,
  };
}

function runOnce(kind: BulkKind, text: string, existing: ExistingItem[]) {
  const t0 = performance.now();
  const prepared = prepareImport(kind, text);
  const t1 = performance.now();
  if (!prepared.ok) throw new Error(`${kind}: ${prepared.error}`);
  const keyOf = (kind === 'flashcards' ? cardKey : questionKey) as (item: unknown) => string;
  const dups = findDuplicates(prepared.valid, keyOf, existing);
  const plan = planImport(prepared.valid, dups, new Map(), 'update');
  const t2 = performance.now();
  if (!plan.ok) throw new Error(`${kind}: ${plan.error}`);
  return { prepared, dups, plan, parseMs: t1 - t0, planMs: t2 - t1 };
}

async function main(): Promise<void> {
  const runs = parseRuns(20);
  const [load1, load5] = os.loadavg();
  console.log(
    `bulk-import: ${ROWS} rows per kind, ${EXISTING} existing items, ${runs} runs after ${WARMUP} warm-up; ` +
      `${os.cpus().length} CPUs, load average ${load1?.toFixed(2)} (1 min) ${load5?.toFixed(2)} (5 min)`,
  );
  const rowsOut: (string | number)[][] = [
    ['kind', 'KB', 'parse+map+preview', 'p95', 'duplicates+plan', 'p95', 'DB write', 'p95', 'total p95'],
  ];
  const writer = await startBulkWriter();
  let worst = 0;
  for (const [i, kind] of (['flashcards', 'mcqs'] as const).entries()) {
    const { text, existing, bad, dups } = generate(kind, 42 + i);
    const parse: number[] = [];
    const plan: number[] = [];
    const total: number[] = [];
    for (let k = -WARMUP; k < runs; k++) {
      const out = runOnce(kind, text, existing);
      const { prepared } = out;
      if (prepared.rowCount !== ROWS || prepared.errors.length !== bad || out.dups.size !== dups) {
        throw new Error(
          `${kind}: ${prepared.rowCount} rows, ${prepared.errors.length} errors, ${out.dups.size} duplicates; expected ${ROWS}, ${bad}, ${dups}`,
        );
      }
      if (out.plan.ok && out.plan.add.length + out.plan.update.length !== ROWS - bad)
        throw new Error(`${kind}: wrong plan`);
      if (k < 0) continue;
      parse.push(out.parseMs);
      plan.push(out.planMs);
      total.push(out.parseMs + out.planMs);
    }
    // The server's write of the plan (new rows only: the set is new), WRITE_RUNS times into fresh topics.
    const { plan: last } = runOnce(kind, text, existing);
    const body = { name: `Bench ${kind}`, add: [...last.add, ...last.update.map((u) => u.item)], update: [] };
    const write: number[] = [];
    for (let k = 0; k < WRITE_RUNS; k++) {
      const topicId = await writer.freshTopic();
      const t0 = performance.now();
      const res =
        kind === 'flashcards'
          ? await writer.cards(topicId, body as never)
          : await writer.questions(topicId, body as never);
      write.push(performance.now() - t0);
      if (res.count !== ROWS - bad) throw new Error(`${kind}: wrote ${res.count}, expected ${ROWS - bad}`);
    }
    const totalP95 = percentile(total, 95) + percentile(write, 95);
    worst = Math.max(worst, totalP95);
    rowsOut.push([
      kind,
      (Buffer.byteLength(text) / 1024).toFixed(0),
      ms(median(parse)),
      ms(percentile(parse, 95)),
      ms(median(plan)),
      ms(percentile(plan, 95)),
      ms(median(write)),
      ms(percentile(write, 95)),
      ms(totalP95),
    ]);
  }
  const xml = await moodleXml(runs, writer);
  rowsOut.push(xml.row);
  worst = Math.max(worst, xml.totalP95);
  await writer.stop();
  console.log('');
  console.log(table(rowsOut));
  console.log(xml.note);
  console.log('');
  const [after1] = os.loadavg();
  console.log(
    `bulk-import: parse + map + duplicates + DB write of ${ROWS} rows (CSV; Moodle XML read + write), worst p95 ${ms(worst)} (load now ${after1?.toFixed(2)}; ` +
      `DB write ${WRITE_RUNS} runs) — budget ≤ ${BUDGET_MS} ms — ${verdict(worst <= BUDGET_MS)}`,
  );
}

main().catch((err: unknown) => {
  console.error('bulk-import failed:', err instanceof Error ? (err.stack ?? err.message) : err);
  process.exitCode = 1;
});
