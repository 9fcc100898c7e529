// The API server's entry point: `node api/dist/src/main.js` (npm start runs it with SITE_DIR set).
import { configFromEnv } from './config.js';
import { DataDirLockedError } from './db/lock.js';
import { startServer } from './server.js';

async function main(): Promise<void> {
  const config = configFromEnv();
  const server = await startServer(config);
  server.app.log.info(
    `Coinlens is running at ${server.url} (${config.databaseUrl ? 'PostgreSQL from DATABASE_URL, ' : 'PGlite, '}data in ${config.dataDir}${config.siteDir ? `, site from ${config.siteDir}` : ''}${config.siteRules ? `, rules from ${config.siteRules}` : ''})`,
  );

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    server.app.log.info(`${signal}: shutting down`);
    // A stuck connection must not keep the database open forever.
    const force = setTimeout(() => {
      server.app.log.error('shutdown took over 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        server.app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error('Coinlens API failed to start:', error);
  }
  process.exit(1);
});
