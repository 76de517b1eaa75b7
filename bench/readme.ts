/**
 * npm run bench:readme — rewrites README's Performance figures from bench/results.json, so the
 * two never disagree (the bench does the same at the end of every run that writes the file).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchDir, projectRoot } from './lib/child.ts';
import { performanceMarkdown, replaceGenerated } from './lib/readme-table.ts';
import { parseResults } from './lib/results-file.ts';

const results = parseResults(readFileSync(join(benchDir, 'results.json'), 'utf8'));
if (results === undefined) {
  process.stderr.write('bench/results.json is missing or not in the current format: run npm run bench first.\n');
  process.exit(1);
}
const readmePath = join(projectRoot, 'README.md');
writeFileSync(readmePath, replaceGenerated(readFileSync(readmePath, 'utf8'), performanceMarkdown(results)));
process.stdout.write('README.md Performance figures regenerated from bench/results.json\n');
