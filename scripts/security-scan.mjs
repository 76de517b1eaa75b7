// `npm run security`: the Electron security scan that gates CI. @doyensec/electronegativity checks
// the sources (electron/, renderer/, shared/) for misconfigurations and anti-patterns and writes
// its findings as CSV. It reports findings without failing, so the CSV is parsed here: every
// finding must match an entry of security/electronegativity-reviewed.json (check + file + a piece
// of the flagged code) with the reason it was accepted. Anything else fails the run, and so does
// a source file the scanner could not parse (it would silently go unchecked).
//
// The scanner runs in a child process through its programmatic entry (its package "main", given
// the CLI's -e and -o as options), because only that reports the files it failed to parse. In that
// child its two network lookups (updated translations, Electron's release list) are answered
// "offline" at once, so the scan is the same with or without a network and never meets got's
// retry crash, and its two CSV writes run in order (they race otherwise).
// Sources are scanned from a staged copy, so results do not depend on dist/ or release/.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const work = join(root, '.tmp', 'security-scan');
const staged = join(work, 'src');
const csvPath = join(work, 'electronegativity.csv');
const reviewedPath = join(root, 'security', 'electronegativity-reviewed.json');
const scanned = ['electron', 'renderer', 'shared', 'package.json'];
// Needs the release list from GitHub; keeping Electron current is the dependency updates' job.
const excludedChecks = ['AvailableSecurityFixesGlobalCheck'];
const require = createRequire(import.meta.url);
const electronVersion = JSON.parse(readFileSync(join(root, 'node_modules', 'electron', 'package.json'), 'utf8')).version;

/** Pre-seeds the scanner's copy of `got` in the module cache with one that fails at once. */
function installOfflineGot() {
  const fail = () => Promise.reject(new Error('offline: network lookups are disabled for the security scan'));
  const scannerRequire = createRequire(require.resolve('@doyensec/electronegativity/dist/locales/i18n.js'));
  const gotPath = scannerRequire.resolve('got');
  const exports = Object.assign(fail, { default: fail, head: fail, get: fail });
  require.cache[gotPath] = { id: gotPath, filename: gotPath, loaded: true, exports, children: [], paths: [] };
}

/**
 * The scanner writes the CSV header (truncating) and the rows (appending) with two concurrent
 * fs.writeFile calls, which race: rows are sometimes lost. During the scan they run in order.
 */
function serialiseFileWrites(fs) {
  const original = fs.writeFile;
  fs.writeFile = (path, data, options, callback) => {
    const done = typeof options === 'function' ? options : callback;
    try {
      fs.writeFileSync(path, data, typeof options === 'function' ? undefined : options);
    } catch (error) {
      done(error);
      return;
    }
    done(null);
  };
  return () => {
    fs.writeFile = original;
  };
}

/** Child mode: scan, then print a summary as the last stdout line. */
async function scanInChild() {
  installOfflineGot();
  const restoreWrites = serialiseFileWrites(require('node:fs'));
  const runScanner = require('@doyensec/electronegativity');
  const shown = console.log;
  console.log = () => undefined; // the offline translation lookup announces itself
  const result = await runScanner(
    {
      input: staged,
      output: csvPath,
      isSarif: false,
      customScan: [],
      excludeFromScan: excludedChecks,
      isRelative: true,
      isVerbose: false,
      electronVersionOverride: electronVersion,
      parserPlugins: [],
    },
    false,
  );
  console.log = shown;
  restoreWrites();
  const errors = result.errors.map(({ file, message, tolerable }) => ({ file, message, tolerable }));
  console.log(JSON.stringify({ errors, issues: result.issues.length, atomicChecks: result.atomicChecks, globalChecks: result.globalChecks }));
}

/** RFC 4180 rows: quoted fields may hold commas, newlines and doubled quotes. */
function parseCsv(text) {
  const rows = [];
  let row = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') { field += '"'; index += 1; }
      else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') { row.push(field); field = ''; }
    else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      row.push(field); rows.push(row); row = []; field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) { row.push(field); rows.push(row); }
  return rows.filter((cells) => cells.some((cell) => cell.trim() !== ''));
}

function loadReviewed() {
  const raw = JSON.parse(readFileSync(reviewedPath, 'utf8'));
  if (!Array.isArray(raw.reviewed)) throw new Error(`${reviewedPath}: expected {"reviewed": [...]}`);
  return raw.reviewed.map((entry, index) => {
    for (const key of ['check', 'file', 'sample', 'reason']) {
      if (typeof entry[key] !== 'string' || entry[key].trim() === '') throw new Error(`${reviewedPath}: entry ${index + 1} needs a non-empty "${key}"`);
    }
    return { ...entry, used: false };
  });
}

function fail(message, details = []) {
  console.error(message);
  for (const line of details) console.error(`  - ${line}`);
  process.exit(1);
}

/** Stages the sources, runs the child, and returns its summary and the CSV's findings. */
function scan() {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(staged, { recursive: true });
  for (const entry of scanned) if (existsSync(join(root, entry))) cpSync(join(root, entry), join(staged, entry), { recursive: true });
  const child = spawnSync(process.execPath, [import.meta.filename, '--scanner'], { cwd: work, encoding: 'utf8' });
  let summary;
  try {
    summary = JSON.parse((child.stdout ?? '').trim().split('\n').at(-1) ?? '');
  } catch {
    summary = undefined;
  }
  if (child.status !== 0 || summary === undefined || !existsSync(csvPath)) {
    process.stderr.write(`${child.stdout ?? ''}${child.stderr ?? ''}`);
    fail(`security: electronegativity did not finish (exit ${child.status ?? child.signal}) or wrote no ${csvPath}`);
  }
  const [header, ...rows] = parseCsv(readFileSync(csvPath, 'utf8'));
  const columns = (header ?? []).map((name) => name.trim());
  const [issue, severity, file, location, sample] = ['issue', 'severity', 'filename', 'location', 'sample'].map((name) => {
    const index = columns.indexOf(name);
    if (index === -1) fail(`security: the CSV has no "${name}" column (columns: ${columns.join(', ')}); has electronegativity changed its output?`);
    return index;
  });
  if (rows.length !== summary.issues) fail(`security: the CSV holds ${rows.length} findings but the scanner reported ${summary.issues}`);
  const findings = rows.map((cells) => ({
    check: cells[issue],
    severity: cells[severity],
    file: (cells[file] ?? '').replaceAll('\\', '/'),
    location: cells[location],
    sample: cells[sample] ?? '',
  }));
  return { summary, findings };
}

function gate() {
  const reviewed = loadReviewed();
  const started = Date.now();
  const { summary, findings } = scan();
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const unparsed = summary.errors.filter((error) => !error.tolerable);
  if (unparsed.length > 0) {
    fail(`security FAILED: electronegativity could not parse ${unparsed.length} file(s), so they were not checked:`, unparsed.map((error) => `${error.file}: ${error.message}`));
  }
  const unreviewed = findings.filter((finding) => {
    const match = reviewed.find((entry) => entry.check === finding.check && entry.file === finding.file && finding.sample.includes(entry.sample));
    if (match !== undefined) match.used = true;
    return match === undefined;
  });
  for (const entry of reviewed.filter((candidate) => !candidate.used)) {
    console.warn(`security: a reviewed entry no longer matches any finding, remove it: ${entry.check} ${entry.file} "${entry.sample}"`);
  }
  if (unreviewed.length > 0) {
    fail(
      `security FAILED: ${unreviewed.length} finding(s) not reviewed (fix them, or review each and add it with a reason to ${reviewedPath}):`,
      unreviewed.map((finding) => `${finding.check} [${finding.severity}] ${finding.file}:${finding.location}  ${finding.sample.trim().slice(0, 160)}`),
    );
  }
  console.log(
    `security passed: ${findings.length} finding(s), all reviewed (${reviewed.length} entries); ${summary.atomicChecks} atomic and ${summary.globalChecks} global checks over ${scanned.join(', ')}, Electron ${electronVersion}, ${seconds} s.`,
  );
}

if (process.argv[2] === '--scanner') await scanInChild();
else gate();
