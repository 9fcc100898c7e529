export { buildApp, SITE_LOCALE_PREFIXES } from './app.js';
export type { AppOptions } from './app.js';
export { configFromEnv } from './config.js';
export type { ServerConfig } from './config.js';
export { openDatabase } from './db/client.js';
export type { Database, DatabaseHandle } from './db/client.js';
export { DataDirLockedError } from './db/lock.js';
export { startServer } from './server.js';
export type { RunningServer } from './server.js';
