// Environment → typed config (zod), with the documented defaults of the README's configuration table.
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_SIGN_IN_LIMITS, type SignInLimits } from './platform/sign-in-guard.ts';

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).optional(),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  /** Unset: 54329, or a free port remembered in the data directory when 54329 is taken (db/embedded-port.ts). */
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  STORAGE_DIR: z.string().optional(),
  STORAGE_DRIVER: z.enum(['local', 's3']).optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['1', '0', 'true', 'false', 'yes', 'no', '']).optional(),
  S3_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9._/-]*$/, 'letters, digits, . _ - and /')
    .refine((v) => !v.split('/').includes('..'), 'no .. segments')
    .default(''),
  S3_PUBLIC_URL: z.string().url().optional(),
  PUBLIC_URL: z.string().url().optional(),
  TRUSTED_ORIGINS: z.string().optional(),
  TRUST_PROXY: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Zan <no-reply@zan.local>'),
  AUTH_SECRET: z.string().min(32).optional(),
  SEED_DEMO: bool,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  /** Relaxes the auth rate limits for end-to-end runs (many sign-ins from 127.0.0.1). */
  E2E: bool,
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).optional(),
  AUTH_RATE_LIMIT_WINDOW: z.coerce.number().int().min(1).default(60),
  SIGN_IN_ACCOUNT_ATTEMPTS: z.coerce.number().int().min(1).max(1000).default(5),
  SIGN_IN_ADDRESS_FAILURES: z.coerce.number().int().min(1).optional(),
  PROGRESS_UPLOAD_OPS: z.coerce.number().int().min(1000).optional(),
  PROGRESS_UPLOAD_WINDOW: z.coerce.number().int().min(1).default(3600),
  PROGRESS_MAX_OPS: z.coerce.number().int().min(1000).default(2_000_000),
  PROGRESS_MAX_ITEMS: z.coerce.number().int().min(1000).default(100_000),
  /** The largest Anki package (.apkg) an admin may upload, in MB (issue 20). */
  ANKI_MAX_MB: z.coerce.number().int().min(1).max(4096).default(500),
  JOB_CONCURRENCY: z.coerce.number().int().min(0).max(64).optional(),
  JOB_DEAD_SECONDS: z.coerce.number().int().min(3).max(3600).default(40),
  PROGRESS_MAX_BLOCKS: z.coerce.number().int().min(100).default(10_000),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  /** EMBEDDED_PG_PORT; undefined = the data directory's port (db/embedded-port.ts). */
  embeddedPgPort: number | undefined;
  storageDir: string;
  /** Where uploaded files go: the local directory (`storageDir`) or an S3-compatible bucket. */
  storage: StorageConfig;
  publicUrl: string;
  trustedOrigins: string[];
  /**
   * How Fastify takes the client IP from X-Forwarded-For: false (the socket), a hop count (the
   * address the outermost of N trusted proxies saw) or the proxies' addresses. Never "every hop".
   */
  trustProxy: false | number | string[];
  smtpUrl: string | undefined;
  mailFrom: string;
  authSecret: string | undefined;
  seedDemo: boolean;
  logLevel: string;
  webDist: string;
  /** The dev outbox (/dev/mailbox, loopback clients only) is on when no SMTP is configured, never in production. */
  devMailbox: boolean;
  /** Requests per window (seconds) per client IP on each auth endpoint but sign-in; relaxed under test / E2E. */
  authRateLimit: { max: number; windowSeconds: number };
  /** Sign-in: attempts per account with growing delays, failures per address (platform/sign-in-guard.ts). */
  signInLimits: SignInLimits;
  /** Progress uploads per student: ops per window, and what one student may store (features/progress/progress-quota.ts). */
  progressLimits: ProgressLimits;
  /** The largest Anki package an admin may upload, in bytes (ANKI_MAX_MB). */
  ankiMaxBytes: number;
  /**
   * Long jobs (imports, optimizer runs, exports) this instance runs at once (JOB_CONCURRENCY; cores − 1);
   * 0: it serves requests and queues jobs, other instances run them.
   */
  jobConcurrency: number;
  /** After how long without a heartbeat an instance is taken for dead and its jobs run elsewhere (ms). */
  jobDeadMs: number;
};

/**
 * Why these numbers: a device offline for a month of heavy study (1,000 reviews a day) holds ~30,000
 * ops plus a few sessions a day; 60,000 ops an hour lets it (or a study data import of 60,000 records)
 * upload in one window — 300 of the web's 200-op batches, a few minutes — while one account can add
 * at most 60,000 rows an hour (an Anki progress import, issue 20, brings the matched history at once and is
 * rate limited apart, ANKI_PROGRESS_RATE). Stored: every op the server keeps costs one progress_op row, at most one
 * review_log row and at most one record, session or reset marker, so bounding the ops bounds every
 * progress table: 2,000,000 ops is 1,000 reviews every day for five and a half years (~1 KB each, so
 * ~2 GB per student at most). Progress records (the state devices pull) are bounded apart, by the
 * distinct cards and questions: 100,000, several times a year group's whole content. Question-bank
 * blocks (issue 19) are replaced whole, not appended, so their count bounds them: 10,000 blocks is five
 * a day for five and a half years, at most ~25 KB each (100 questions) → ~250 MB per student at most.
 */
export const DEFAULT_PROGRESS_LIMITS = {
  uploadOps: 60_000,
  uploadWindowSeconds: 3600,
  maxOps: 2_000_000,
  maxItems: 100_000,
  maxBlocks: 10_000,
};
export type ProgressLimits = typeof DEFAULT_PROGRESS_LIMITS;

/** https, or http on a loopback name (browsers treat loopback as a secure context). */
function securePublicUrl(publicUrl: string): boolean {
  const u = new URL(publicUrl);
  return u.protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname);
}

/**
 * TRUST_PROXY: unset / 0 / false → the socket address; a number N → N proxies in front (the client IP
 * is the address the outermost one saw); otherwise a comma-separated list of proxy addresses / CIDRs.
 * 'true' (trust every hop, so the client picks its own IP) is refused.
 */
function parseTrustProxy(raw: string | undefined): false | number | string[] {
  const value = (raw ?? '').trim();
  if (value === '' || value === '0' || value === 'false' || value === 'no') return false;
  if (/^\d+$/.test(value)) return Math.min(Number(value), 10);
  if (value === 'true' || value === 'yes') {
    throw new Error(
      'Invalid configuration:\n  TRUST_PROXY: give the number of proxies in front of Zan (e.g. TRUST_PROXY=1) or their addresses, not "true"',
    );
  }
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export type S3Config = {
  bucket: string;
  region: string;
  /** An S3-compatible endpoint (MinIO, R2, …); unset = AWS. */
  endpoint: string | undefined;
  /** Unset = the AWS SDK's default credential chain (environment, profile, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
  /** Prepended to every key, e.g. 'zan/'. */
  prefix: string;
  /** Files are linked from here (a CDN or public bucket URL); unset = served by this server under /files/. */
  publicUrl: string | undefined;
};
export type StorageConfig = { driver: 'local'; dir: string } | { driver: 's3'; s3: S3Config };

type Env = z.infer<typeof envSchema>;

function storageConfig(e: Env, dir: string): StorageConfig {
  const driver = e.STORAGE_DRIVER ?? (e.S3_BUCKET ? 's3' : 'local');
  if (driver === 'local') return { driver, dir };
  const problems: string[] = [];
  if (!e.S3_BUCKET) problems.push('  S3_BUCKET: required when STORAGE_DRIVER=s3');
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
    problems.push('  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither');
  }
  if (problems.length > 0 || !e.S3_BUCKET) throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  const forced = e.S3_FORCE_PATH_STYLE;
  return {
    driver,
    s3: {
      bucket: e.S3_BUCKET,
      region: e.S3_REGION,
      endpoint: e.S3_ENDPOINT,
      credentials:
        e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
          : undefined,
      // Most S3-compatible servers want path-style addressing; AWS itself wants virtual hosts.
      forcePathStyle: forced ? ['1', 'true', 'yes'].includes(forced) : Boolean(e.S3_ENDPOINT),
      prefix: e.S3_PREFIX && !e.S3_PREFIX.endsWith('/') ? `${e.S3_PREFIX}/` : e.S3_PREFIX,
      publicUrl: e.S3_PUBLIC_URL?.replace(/\/$/, ''),
    },
  };
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** `serving: false` for tools that never sign a session (create-superadmin): AUTH_SECRET not needed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, opts: { serving?: boolean } = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(repoRoot, e.DATA_DIR);
  const storageDir = path.resolve(repoRoot, e.STORAGE_DIR ?? path.join(e.DATA_DIR, 'files'));
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const trusted = new Set([publicUrl, ...(e.TRUSTED_ORIGINS ?? '').split(',').map((s) => s.trim())]);
  trusted.delete('');
  if (e.NODE_ENV === 'production' && !securePublicUrl(publicUrl)) {
    // The session cookie is always Secure in production; browsers keep a Secure cookie only over https
    // (or on a loopback address, which they treat as secure).
    throw new Error(
      'Invalid configuration:\n  PUBLIC_URL: production needs the https address people open (behind a TLS-terminating proxy, its https address), or a loopback address',
    );
  }
  if (e.NODE_ENV === 'production' && e.SEED_DEMO) {
    throw new Error(
      'Invalid configuration:\n  SEED_DEMO: the demo accounts (published passwords) are never seeded in production',
    );
  }
  if (e.DATABASE_URL && !e.AUTH_SECRET && opts.serving !== false) {
    // Instances on one database must share the session-signing secret (each would generate its own).
    throw new Error(
      'Invalid configuration:\n  AUTH_SECRET: required when DATABASE_URL is set (the same value, at least 32 characters, on every instance; e.g. `openssl rand -base64 48`)',
    );
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    // The embedded default is for one machine: loopback unless HOST says otherwise.
    host: e.HOST ?? (e.DATABASE_URL ? '0.0.0.0' : '127.0.0.1'),
    databaseUrl: e.DATABASE_URL,
    dataDir,
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    storageDir,
    storage: storageConfig(e, storageDir),
    publicUrl,
    trustedOrigins: [...trusted],
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    authSecret: e.AUTH_SECRET,
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(repoRoot, e.WEB_DIST ?? 'apps/web/dist'),
    devMailbox: e.NODE_ENV !== 'production' && !e.SMTP_URL,
    ankiMaxBytes: e.ANKI_MAX_MB * 1024 * 1024,
    jobConcurrency: e.JOB_CONCURRENCY ?? Math.max(1, os.availableParallelism() - 1),
    jobDeadMs: e.JOB_DEAD_SECONDS * 1000,
    authRateLimit: {
      max: e.AUTH_RATE_LIMIT_MAX ?? (e.NODE_ENV === 'test' || e.E2E ? 1000 : 10),
      windowSeconds: e.AUTH_RATE_LIMIT_WINDOW,
    },
    signInLimits: {
      ...DEFAULT_SIGN_IN_LIMITS,
      freeAttempts: e.SIGN_IN_ACCOUNT_ATTEMPTS,
      addressFailures:
        e.SIGN_IN_ADDRESS_FAILURES ??
        (e.NODE_ENV === 'test' || e.E2E ? 10_000 : DEFAULT_SIGN_IN_LIMITS.addressFailures),
    },
    progressLimits: {
      uploadOps:
        e.PROGRESS_UPLOAD_OPS ??
        (e.NODE_ENV === 'test' || e.E2E ? 10_000_000 : DEFAULT_PROGRESS_LIMITS.uploadOps),
      uploadWindowSeconds: e.PROGRESS_UPLOAD_WINDOW,
      maxOps: e.PROGRESS_MAX_OPS,
      maxItems: e.PROGRESS_MAX_ITEMS,
      maxBlocks: e.PROGRESS_MAX_BLOCKS,
    },
  };
}
