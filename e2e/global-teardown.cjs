const { rmSync } = require('node:fs');

module.exports = async function globalTeardown() {
  const state = globalThis.__COINLENS__;
  if (!state) return;
  const { child, dataDir, fake } = state;
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    // Ctrl-C reaches the whole process group; do the same.
    process.kill(-child.pid, 'SIGINT');
    const timer = setTimeout(() => process.kill(-child.pid, 'SIGKILL'), 15000);
    await exited;
    clearTimeout(timer);
  }
  await fake?.close();
  rmSync(dataDir, { recursive: true, force: true });
};
