// Prints the gzip size of the JavaScript each built page loads first: Gatsby's app chunk group
// plus the page component's chunk group (from public/webpack.stats.json and the page data).
// usage: node scripts/js-size.mjs [path ...]   (default: every page, en/zh/pt-br alike)
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT } from './lib.mjs';

const PUBLIC = join(ROOT, 'site', 'public');
const stats = JSON.parse(readFileSync(join(PUBLIC, 'webpack.stats.json'), 'utf8'));
const gz = new Map();
const gzipSize = (file) => {
  if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(join(PUBLIC, file)), { level: 9 }).length);
  return gz.get(file);
};
const groupFiles = (name) =>
  (stats.namedChunkGroups?.[name]?.assets ?? [])
    .map((asset) => (typeof asset === 'string' ? asset : asset.name))
    .filter((file) => file.endsWith('.js'));

function pageDataFiles(dir = join(PUBLIC, 'page-data')) {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return pageDataFiles(path);
    return entry === 'page-data.json' ? [path] : [];
  });
}

const wanted = process.argv.slice(2);
const rows = [];
for (const file of pageDataFiles()) {
  const { path, componentChunkName } = JSON.parse(readFileSync(file, 'utf8'));
  if (!componentChunkName || (wanted.length && !wanted.includes(path))) continue;
  const files = [...new Set([...groupFiles('app'), ...groupFiles(componentChunkName)])];
  rows.push({
    path,
    kb: files.reduce((sum, f) => sum + gzipSize(f), 0) / 1024,
    files: files.length,
  });
}
rows.sort((a, b) => a.path.localeCompare(b.path));
for (const { path, kb, files } of rows)
  console.log(`${kb.toFixed(1).padStart(7)} KB gz  ${String(files).padStart(2)} files  ${path}`);
