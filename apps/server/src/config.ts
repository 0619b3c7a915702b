import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { z } from 'zod';
import { tileImageSource } from './platform/security-headers.ts';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .default('false')
  .transform((v) => v === 'true' || v === '1');

/** A base map's XYZ tile template, read as the CSP source of its host (images may come from there). */
const tileTemplate = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (!v) return undefined;
    const source = tileImageSource(v);
    if (!source)
      ctx.addIssue({ code: 'custom', message: `not an http(s) tile template with a plain host: ${v}` });
    return source;
  });

/** Every setting the server reads from the environment, validated here and nowhere else. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  APP_TITLE: z.string().default('松材线虫病防治监管平台'),
  WEB_DIST: z.string().optional(),
  SESSION_TTL_DAYS: z.coerce.number().positive().default(7),
  SESSION_RETENTION_DAYS: z.coerce.number().int().positive().default(30),
  AUDIT_RETENTION_DAYS: z.coerce.number().int().positive().default(365),
  SINGLE_SIGN_IN: bool,
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(5),
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().positive().default(20),
  LOGIN_LOCK_MINUTES: z.coerce.number().int().positive().default(15),
  TRUST_PROXY: bool,
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool,
  /** Key of the signed media URLs (records' photos and videos). Set it when several instances serve one site. */
  MEDIA_URL_SECRET: z.string().min(16).optional(),
  MEDIA_URL_TTL_MINUTES: z.coerce.number().int().min(1).max(60).default(10),
  /** How long a running job's claim lasts without a heartbeat: a killed instance's job is taken up after it. */
  JOB_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(60),
  /**
   * Server processes on this machine sharing the port (node:cluster): a number, or `auto` for one
   * per core. Only with DATABASE_URL: the embedded database lives inside one process.
   */
  SERVER_PROCESSES: z.union([z.literal('auto'), z.coerce.number().int().min(1).max(64)]).default(1),
  /**
   * Connections each server process keeps to PostgreSQL. Every one is a PostgreSQL backend
   * process: beyond what the cores can run at once they only add switching (docs/operations.md).
   */
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** The base map's XYZ tile template; the web build reads VITE_MAP_TILE_URL, so either name works here. */
  MAP_TILE_URL: tileTemplate,
  VITE_MAP_TILE_URL: tileTemplate,
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: string;
  appTitle: string;
  webDist: string;
  sessionTtlMs: number;
  /** Ended or expired sessions and audit rows older than these many days are deleted daily. */
  retention: { sessionDays: number; auditDays: number };
  singleSignIn: boolean;
  login: { maxPerAccount: number; maxPerAddress: number; lockMinutes: number };
  trustProxy: boolean;
  media: { secret: string; ttlMinutes: number };
  /** Server processes sharing the port (1: no cluster). */
  serverProcesses: number;
  dbPoolSize: number;
  /** Lease of a claimed job (ms). */
  jobLeaseMs: number;
  /** The CSP source of the tile server the web app draws its base map from, if any. */
  mapTiles: string | undefined;
  storage:
    | { driver: 'local'; root: string }
    | {
        driver: 's3';
        endpoint: string | undefined;
        region: string;
        bucket: string;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        forcePathStyle: boolean;
      };
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  const serverProcesses = e.SERVER_PROCESSES === 'auto' ? availableParallelism() : e.SERVER_PROCESSES;
  if (serverProcesses > 1 && !e.DATABASE_URL) {
    throw new Error(
      'Invalid environment:\n  SERVER_PROCESSES: more than one process needs DATABASE_URL (the embedded database lives in one process)',
    );
  }
  if (e.STORAGE_DRIVER === 's3' && !e.S3_BUCKET) {
    throw new Error('Invalid environment:\n  S3_BUCKET: required when STORAGE_DRIVER=s3');
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    logLevel: e.LOG_LEVEL,
    appTitle: e.APP_TITLE,
    webDist: resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    sessionTtlMs: e.SESSION_TTL_DAYS * 24 * 3600 * 1000,
    retention: { sessionDays: e.SESSION_RETENTION_DAYS, auditDays: e.AUDIT_RETENTION_DAYS },
    singleSignIn: e.SINGLE_SIGN_IN,
    login: {
      maxPerAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      maxPerAddress: e.LOGIN_MAX_FAILURES_PER_ADDRESS,
      lockMinutes: e.LOGIN_LOCK_MINUTES,
    },
    trustProxy: e.TRUST_PROXY,
    // Without a configured key each process makes its own: its URLs then work only on it.
    serverProcesses,
    dbPoolSize: e.DB_POOL_SIZE,
    jobLeaseMs: e.JOB_LEASE_SECONDS * 1000,
    mapTiles: e.MAP_TILE_URL ?? e.VITE_MAP_TILE_URL,
    media: {
      secret: e.MEDIA_URL_SECRET ?? randomBytes(32).toString('hex'),
      ttlMinutes: e.MEDIA_URL_TTL_MINUTES,
    },
    storage:
      e.STORAGE_DRIVER === 's3'
        ? {
            driver: 's3',
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            bucket: e.S3_BUCKET as string,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : { driver: 'local', root: resolve(dataDir, 'files') },
  };
}
