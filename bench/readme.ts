/**
 * npm run bench:readme — rewrites the figures of docs/performance.md from bench/results.json, so
 * the two never disagree (the bench does the same at the end of every run that writes the file).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchDir, projectRoot } from './lib/children/child.ts';
import { performanceMarkdown, performancePagePath, replaceGenerated } from './lib/results/readme-table.ts';
import { parseResults } from './lib/results/results-file.ts';

const results = parseResults(readFileSync(join(benchDir, 'results.json'), 'utf8'));
if (results === undefined) {
  process.stderr.write('bench/results.json is missing or not in the current format: run npm run bench first.\n');
  process.exit(1);
}
const pagePath = join(projectRoot, performancePagePath);
writeFileSync(pagePath, replaceGenerated(readFileSync(pagePath, 'utf8'), performanceMarkdown(results)));
process.stdout.write(`${performancePagePath} figures regenerated from bench/results.json\n`);
