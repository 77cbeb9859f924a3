/** Writes libs/<lib>/queries/*.sql from the code (npm run sql:snapshots); see snapshots.ts. */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { committedSnapshots, differences, generateSnapshots, ROOT } from './snapshots';

async function main(): Promise<void> {
  const { files, problems } = await generateSnapshots();
  const changes = differences(committedSnapshots(), files);
  for (const path of committedSnapshots().keys()) if (!files.has(path)) rmSync(join(ROOT, path));
  for (const [path, content] of files) {
    mkdirSync(dirname(join(ROOT, path)), { recursive: true });
    writeFileSync(join(ROOT, path), content);
  }
  process.stdout.write(`sql-snapshots: ${files.size} file(s), ${changes.length === 0 ? 'unchanged' : `written:\n  ${changes.join('\n  ')}`}\n`);
  if (problems.length > 0) {
    process.stderr.write(`sql-snapshots: ${problems.length} problem(s):\n  ${problems.join('\n  ')}\n`);
    process.exitCode = 1;
  }
}

void main();
