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

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(repoRoot, e.DATA_DIR);
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
    storageDir: path.resolve(repoRoot, e.STORAGE_DIR ?? path.join(e.DATA_DIR, 'files')),
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
