// One simulated student of the load benchmark: signs in, keeps GET /api/events open, and does what the
// app does while studying — idle delta syncs, topic freshness checks and downloads, progress batches
// and study sessions, and (issue 19) MCQ answers whose first answers feed the per-question peer totals —
// through node:http with a keep-alive agent (responses compressed like a browser's).
import http from 'node:http';
import type { ContentPullResponse, ProgressOp, TopicContentResponse } from '@zan/core';

export const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

export type Sample = { route: string; ms: number; ok: boolean; status: number };
export type Recorder = (s: Sample) => void;

type Reply = { status: number; body: Buffer; headers: http.IncomingHttpHeaders };

function send(
  base: string,
  method: string,
  path: string,
  opts: { cookie?: string; body?: unknown; raw?: boolean } = {},
): Promise<Reply> {
  const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${path}`, {
      method,
      agent,
      headers: {
        ...(opts.raw ? {} : { 'accept-encoding': 'br, gzip' }),
        ...(opts.cookie ? { cookie: opts.cookie } : {}),
        ...(payload
          ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
          : {}),
      },
    });
    req.setTimeout(30_000, () => req.destroy(new Error('timeout after 30 s')));
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), headers: res.headers }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;

export class Student {
  cookie = '';
  private cursor = '';
  private visibleSet = '';
  private topicIds: string[] = [];
  private cards: { id: string; deckId: string; subjectId: string }[] = [];
  /** Issue 19: questions of the topics downloaded (every student sees the same ones: shared totals rows). */
  private questions: { id: string; subjectId: string; options: number }[] = [];
  private subject = { id: '', name: '', moduleId: '', moduleName: '' };
  private readonly deviceId = `bench-device-${crypto.randomUUID()}`;
  private events: http.ClientRequest | undefined;
  eventsReceived = 0;
  eventsOpen = false;

  constructor(
    private readonly base: string,
    readonly email: string,
    private readonly password: string,
  ) {}

  /** Times one request and records it; throws on a network error only. */
  private async timed(
    route: string,
    record: Recorder,
    method: string,
    path: string,
    body?: unknown,
    raw = false,
  ): Promise<Reply | undefined> {
    const started = performance.now();
    try {
      const res = await send(this.base, method, path, { cookie: this.cookie, body, raw });
      record({
        route,
        ms: performance.now() - started,
        ok: res.status >= 200 && res.status < 300,
        status: res.status,
      });
      return res;
    } catch {
      record({ route, ms: performance.now() - started, ok: false, status: 0 });
      return undefined;
    }
  }

  async signIn(record: Recorder): Promise<void> {
    const res = await this.timed('POST /api/session/sign-in', record, 'POST', '/api/session/sign-in', {
      email: this.email,
      password: this.password,
    });
    if (res?.status !== 200)
      throw new Error(`sign-in of ${this.email}: ${res?.status} ${res?.body.toString()}`);
    const cookies = res.headers['set-cookie'] ?? [];
    this.cookie = cookies.map((c) => c.split(';')[0]).join('; ');
  }

  /** The first full sync: every content page, then one topic for the cards its reviews refer to. */
  async firstSync(record: Recorder): Promise<void> {
    for (;;) {
      const q = new URLSearchParams({
        cursor: this.cursor,
        ...(this.visibleSet ? { visibleSet: this.visibleSet } : {}),
      });
      const res = await this.timed(
        'GET /api/sync/content (first pull)',
        record,
        'GET',
        `/api/sync/content?${q}`,
        undefined,
        true,
      );
      if (res?.status !== 200) throw new Error(`content pull: ${res?.status}`);
      const page = JSON.parse(res.body.toString()) as ContentPullResponse;
      this.cursor = page.cursor;
      this.visibleSet = page.visibleSet;
      this.topicIds.push(...page.topics.map((t) => t.id));
      const s = page.subjects[0];
      const m = page.modules.find((x) => x.id === s?.moduleId);
      if (s && m && !this.subject.id)
        this.subject = { id: s.id, name: s.name, moduleId: m.id, moduleName: m.name };
      if (!page.hasMore) break;
    }
    if (!this.topicIds.length) throw new Error('the student sees no topics');
    for (const id of this.topicIds) {
      const res = await this.timed(
        'GET /api/sync/topics/:id (first)',
        record,
        'GET',
        `/api/sync/topics/${id}`,
        undefined,
        true,
      );
      if (res?.status !== 200) throw new Error(`topic ${id}: ${res?.status}`);
      const topic = JSON.parse(res.body.toString()) as TopicContentResponse;
      for (const c of topic.cards)
        this.cards.push({ id: c.id, deckId: c.deckId, subjectId: topic.topic.subjectId });
      for (const q of topic.questions)
        this.questions.push({
          id: q.id,
          subjectId: topic.topic.subjectId,
          options: [q.option3, q.option4, q.option5].filter((o) => o).length + 2,
        });
      if (this.cards.length >= 50 && this.questions.length >= 10) break;
    }
    if (!this.cards.length) throw new Error('no cards to review');
  }

  /** Opens the event stream and keeps reading it; resolves once the stream is connected. */
  openEvents(record: Recorder): Promise<void> {
    const started = performance.now();
    return new Promise((resolve, reject) => {
      const req = http.get(`${this.base}/api/events`, { agent: false, headers: { cookie: this.cookie } });
      this.events = req;
      req.on('response', (res) => {
        record({
          route: 'GET /api/events (connect)',
          ms: performance.now() - started,
          ok: res.statusCode === 200,
          status: res.statusCode ?? 0,
        });
        if (res.statusCode !== 200) return reject(new Error(`events: ${res.statusCode}`));
        this.eventsOpen = true;
        res.setEncoding('utf8');
        res.on(
          'data',
          (chunk: string) =>
            (this.eventsReceived += chunk.split('\nevent: ').length - (chunk.startsWith('event: ') ? 0 : 1)),
        );
        res.on('end', () => (this.eventsOpen = false));
        resolve();
      });
      req.on('error', (err) => {
        this.eventsOpen = false;
        reject(err);
      });
    });
  }

  closeEvents(): void {
    this.events?.destroy();
  }

  private reviewOps(n: number): ProgressOp[] {
    const now = Date.now();
    return Array.from({ length: n }, () => {
      const c = pick(this.cards);
      const interval = 1 + Math.floor(Math.random() * 20);
      return {
        opId: `op-${crypto.randomUUID()}`,
        kind: 'upsert' as const,
        rating: 1 + Math.floor(Math.random() * 4),
        record: {
          itemId: c.id,
          type: 'flashcard' as const,
          cardId: c.id,
          questionId: null,
          subjectId: c.subjectId,
          deckId: c.deckId,
          easeFactor: 2.5,
          interval,
          dueDate: now + interval * 86_400_000,
          isSuspended: false,
          reviewedAt: now,
        },
      };
    });
  }

  /** MCQ answers as both players send them: an 'upsert' whose rating is the chosen option (1–5). */
  private answerOps(n: number): ProgressOp[] {
    const now = Date.now();
    return Array.from({ length: Math.min(n, this.questions.length) }, () => {
      const q = pick(this.questions);
      return {
        opId: `op-${crypto.randomUUID()}`,
        kind: 'upsert' as const,
        rating: 1 + Math.floor(Math.random() * q.options),
        record: {
          itemId: q.id,
          type: 'mcq' as const,
          cardId: null,
          questionId: q.id,
          subjectId: q.subjectId,
          deckId: null,
          easeFactor: 2.5,
          interval: 600,
          dueDate: now + 600_000,
          isSuspended: false,
          reviewedAt: now,
        },
      };
    });
  }

  /** Issue 19: `n` MCQ answers uploaded (first answers and the totals they update). */
  async answerQuestions(record: Recorder, n = 5): Promise<void> {
    await this.timed('POST /api/sync/progress (5 MCQ answers)', record, 'POST', '/api/sync/progress', {
      deviceId: this.deviceId,
      ops: this.answerOps(n),
    });
  }

  /** One thing the app does while the student studies, chosen with the app's rough frequencies. */
  async act(record: Recorder): Promise<void> {
    const r = Math.random();
    if (r < 0.4) {
      const q = new URLSearchParams({ cursor: this.cursor, visibleSet: this.visibleSet });
      await this.timed('GET /api/sync/content (idle delta)', record, 'GET', `/api/sync/content?${q}`);
    } else if (r < 0.5) {
      await this.timed('POST /api/sync/topics/versions', record, 'POST', '/api/sync/topics/versions', {
        topicIds: this.topicIds,
      });
    } else if (r < 0.65) {
      await this.timed('GET /api/sync/topics/:id', record, 'GET', `/api/sync/topics/${pick(this.topicIds)}`);
    } else if (r < 0.8) {
      await this.timed('POST /api/sync/progress (10 reviews)', record, 'POST', '/api/sync/progress', {
        deviceId: this.deviceId,
        ops: this.reviewOps(10),
      });
    } else if (r < 0.9) {
      await (this.questions.length ? this.answerQuestions(record) : Promise.resolve());
    } else {
      const op: ProgressOp = {
        opId: `op-${crypto.randomUUID()}`,
        kind: 'session',
        session: {
          id: crypto.randomUUID(),
          date: Date.now(),
          durationInSeconds: 60 + Math.floor(Math.random() * 1200),
          subjectId: this.subject.id,
          subjectName: this.subject.name,
          moduleId: this.subject.moduleId,
          moduleName: this.subject.moduleName,
        },
      };
      await this.timed('POST /api/sync/progress (study session)', record, 'POST', '/api/sync/progress', {
        deviceId: this.deviceId,
        ops: [op],
      });
    }
  }
}
