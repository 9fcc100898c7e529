import { resolve } from 'node:path';

export interface ServerConfig {
  /** TCP port to listen on. */
  port: number;
  /** Interface to listen on. */
  host: string;
  /** Where the embedded database and the mail outbox live. */
  dataDir: string;
  /** A built static site to serve beside the API, or null for the API alone. */
  siteDir: string | null;
  /**
   * A module with the site's device redirect and security headers (absolute path), or null to
   * serve the site's files as they are.
   */
  siteRules?: string | null;
  /** pino log level. */
  logLevel: string;
}

function port(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65535) {
    throw new Error(`PORT must be a whole number from 0 to 65535, got "${value}"`);
  }
  return parsed;
}

/** Reads the server's settings from the environment (see README.md for the list). */
export function configFromEnv(
  env: NodeJS.ProcessEnv = process.env,
  cwd = process.cwd(),
): ServerConfig {
  return {
    port: port(env.PORT, 8000),
    host: env.HOST || '0.0.0.0',
    dataDir: resolve(cwd, env.DATA_DIR || '.data'),
    siteDir: env.SITE_DIR ? resolve(cwd, env.SITE_DIR) : null,
    siteRules: env.SITE_RULES ? resolve(cwd, env.SITE_RULES) : null,
    logLevel: env.LOG_LEVEL || 'info',
  };
}
