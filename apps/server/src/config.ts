// Environment → typed config (zod), with the documented defaults of the README's configuration table.
import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
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
  TRUST_PROXY: bool,
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Zan <no-reply@zan.local>'),
  AUTH_SECRET: z.string().min(32).optional(),
  SEED_DEMO: bool,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  DEV_MAILBOX: bool,
  /** Relaxes the auth rate limits for end-to-end runs (many sign-ins from 127.0.0.1). */
  E2E: bool,
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).optional(),
  AUTH_RATE_LIMIT_WINDOW: z.coerce.number().int().min(1).default(60),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  embeddedPgPort: number;
  storageDir: string;
  /** Where uploaded files go: the local directory (`storageDir`) or an S3-compatible bucket. */
  storage: StorageConfig;
  publicUrl: string;
  trustedOrigins: string[];
  trustProxy: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  authSecret: string | undefined;
  seedDemo: boolean;
  logLevel: string;
  webDist: string;
  /** The dev outbox (/dev/mailbox) is on when no SMTP is configured, never in production. */
  devMailbox: boolean;
  /** Requests per window (seconds) per client IP on each auth endpoint; relaxed under test / E2E. */
  authRateLimit: { max: number; windowSeconds: number };
};

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

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
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
  if (e.NODE_ENV === 'production' && !e.AUTH_SECRET && e.DATABASE_URL) {
    throw new Error('Invalid configuration:\n  AUTH_SECRET: required in production with DATABASE_URL');
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    storageDir,
    storage: storageConfig(e, storageDir),
    publicUrl,
    trustedOrigins: [...trusted],
    trustProxy: e.TRUST_PROXY,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    authSecret: e.AUTH_SECRET,
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(repoRoot, e.WEB_DIST ?? 'apps/web/dist'),
    devMailbox: e.NODE_ENV !== 'production' && (!e.SMTP_URL || e.DEV_MAILBOX),
    authRateLimit: {
      max: e.AUTH_RATE_LIMIT_MAX ?? (e.NODE_ENV === 'test' || e.E2E ? 1000 : 10),
      windowSeconds: e.AUTH_RATE_LIMIT_WINDOW,
    },
  };
}
