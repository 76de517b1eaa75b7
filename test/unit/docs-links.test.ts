import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const projectRoot = resolve(import.meta.dirname, '..', '..');

/** README.md and every Markdown file under docs/, as paths from `root`. */
function markdownFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (folder: string): void => {
    for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.md')) found.push(path);
    }
  };
  if (existsSync(join(root, 'docs'))) walk('docs');
  return ['README.md', ...found.sort()];
}

/** The file's lines with fenced code blocks blanked and inline code removed: links there are text. */
function proseLines(text: string): string[] {
  let fence: string | undefined;
  return text.split('\n').map((line) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker !== undefined && (fence === undefined || marker.startsWith(fence))) {
      fence = fence === undefined ? marker : undefined;
      return '';
    }
    if (fence !== undefined) return '';
    return line.replace(/(`+)[^`]*?\1/g, '');
  });
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, each space a hyphen. */
function headingSlug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
}

/** Every anchor a Markdown file offers: its headings' slugs (repeats numbered as GitHub does) and HTML ids. */
function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fence: string | undefined;
  for (const line of text.split('\n')) {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker !== undefined && (fence === undefined || marker.startsWith(fence))) {
      fence = fence === undefined ? marker : undefined;
      continue;
    }
    if (fence !== undefined) continue;
    for (const match of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) if (match[1] !== undefined) anchors.add(match[1]);
    const heading = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const slug = headingSlug(heading);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${String(count)}`);
  }
  return anchors;
}

/**
 * One message per relative link in `files` (paths from `root`) whose file does not exist, or whose
 * `#anchor` names no heading of the Markdown file it points at. Links with a scheme are left alone.
 */
function brokenLinks(root: string, files: readonly string[]): string[] {
  const problems: string[] = [];
  const anchorCache = new Map<string, Set<string>>();
  const anchorsIn = (path: string): Set<string> => {
    let anchors = anchorCache.get(path);
    if (anchors === undefined) {
      anchors = anchorsOf(readFileSync(path, 'utf8'));
      anchorCache.set(path, anchors);
    }
    return anchors;
  };
  for (const file of files) {
    const lines = proseLines(readFileSync(join(root, file), 'utf8'));
    for (const [index, line] of lines.entries()) {
      const targets = [
        ...[...line.matchAll(/\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]),
        ...[...line.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/g)].map((match) => match[1]),
      ];
      for (const target of targets) {
        if (target === undefined || /^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
        const where = `${file}:${String(index + 1)}: ${target}`;
        const hash = target.indexOf('#');
        const pathPart = decodeURIComponent(hash < 0 ? target : target.slice(0, hash));
        const anchor = hash < 0 ? undefined : decodeURIComponent(target.slice(hash + 1));
        const resolved = pathPart === '' ? join(root, file) : pathPart.startsWith('/') ? join(root, pathPart) : resolve(root, dirname(file), pathPart);
        if (!resolved.startsWith(root) || !existsSync(resolved)) {
          problems.push(`${where}: no file ${relative(root, resolved)}`);
          continue;
        }
        if (anchor === undefined) continue;
        if (statSync(resolved).isDirectory() || !resolved.endsWith('.md')) {
          problems.push(`${where}: an anchor into ${relative(root, resolved)}, which is not a Markdown file`);
        } else if (!anchorsIn(resolved).has(anchor)) {
          problems.push(`${where}: no heading "${anchor}" in ${relative(root, resolved)}`);
        }
      }
    }
  }
  return problems;
}

/** Source and configuration files that may name a page of docs/ (comments, lint messages). */
function sourceFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (folder: string): void => {
    for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(ts|tsx|mjs|js|css|html)$/.test(entry.name)) found.push(path);
    }
  };
  for (const folder of ['electron', 'renderer', 'shared', 'bench', 'build', 'scripts']) if (existsSync(join(root, folder))) walk(folder);
  return [...found.sort(), 'eslint.config.js'].filter((path) => existsSync(join(root, path)));
}

/** Every `docs/….md` (with its `#anchor`) the source names, each one that is missing or has no such heading. */
function brokenDocReferences(root: string, files: readonly string[]): string[] {
  const problems: string[] = [];
  for (const file of files) {
    for (const [index, line] of readFileSync(join(root, file), 'utf8').split('\n').entries()) {
      for (const match of line.matchAll(/\bdocs\/[A-Za-z0-9_./-]*[A-Za-z0-9_-]\.md(?:#([A-Za-z0-9_-]+))?/g)) {
        const [reference, anchor] = match;
        const path = join(root, reference.split('#')[0] ?? '');
        const where = `${file}:${String(index + 1)}: ${reference}`;
        if (!existsSync(path)) problems.push(`${where}: no such file`);
        else if (anchor !== undefined && !anchorsOf(readFileSync(path, 'utf8')).has(anchor)) problems.push(`${where}: no heading "${anchor}"`);
      }
    }
  }
  return problems;
}

describe('links in README.md and docs/', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'docs-links-'));
  afterAll(() => {
    rmSync(scratch, { recursive: true, force: true });
  });

  it('every relative link points at an existing file, and every anchor at a heading of it', () => {
    const files = markdownFiles(projectRoot);
    expect(files).toContain('docs/README.md');
    expect(brokenLinks(projectRoot, files)).toEqual([]);
  });

  it('README links to each page of docs/', () => {
    const readme = readFileSync(join(projectRoot, 'README.md'), 'utf8');
    for (const page of ['README.md', 'architecture.md', 'cli.md', 'data.md', 'performance.md', 'sandbox.md', 'development.md']) {
      expect(readme).toContain(`](docs/${page}`);
    }
    expect(readme).toContain('](docs/decisions/)');
  });

  it('every page of docs/ the source names (comments, lint messages) exists, with the heading named', () => {
    const files = sourceFiles(projectRoot);
    expect(files).toContain('bench/lib/results/readme-table.ts');
    expect(brokenDocReferences(projectRoot, files)).toEqual([]);
  });

  it('keeps the anchor the lint message points to', () => {
    expect(anchorsOf(readFileSync(join(projectRoot, 'docs/architecture.md'), 'utf8')).has('layer-order')).toBe(true);
  });

  it('makes anchors the way GitHub does', () => {
    expect(headingSlug('Batches, budgets and never paying twice')).toBe('batches-budgets-and-never-paying-twice');
    expect(headingSlug('Office networks: proxies and TLS inspection')).toBe('office-networks-proxies-and-tls-inspection');
    expect(headingSlug('`titledesk batch` and --resume')).toBe('titledesk-batch-and---resume');
    expect(headingSlug('Export and [import](cli.md)')).toBe('export-and-import');
    expect([...anchorsOf('# A\n## Notes\n```\n## Not a heading\n```\n## Notes\n')]).toEqual(['a', 'notes', 'notes-1']);
  });

  it('reports a missing file, a missing heading and an anchor into a file that has none, but not links in code, in docs and in source', () => {
    mkdirSync(join(scratch, 'docs'), { recursive: true });
    writeFileSync(join(scratch, 'docs', 'guide.md'), '# Guide\n\n## Getting started\n');
    writeFileSync(join(scratch, 'notes.txt'), 'plain');
    writeFileSync(join(scratch, 'README.md'), [
      '# Project',
      'See [the guide](docs/guide.md#getting-started), [here](#project) and [the site](https://example.com/x).',
      'Broken: [gone](docs/gone.md) and [wrong](docs/guide.md#got-started).',
      'Also [text](notes.txt#top) and `[in code](docs/nowhere.md)`.',
      '```',
      '[fenced](docs/nowhere.md)',
      '```',
      '[ref]: docs/missing.md',
    ].join('\n'));
    writeFileSync(join(scratch, 'code.ts'), '// See docs/guide.md#getting-started, docs/guide.md#nowhere and docs/decisions/001-gone.md.\n');
    expect(brokenDocReferences(scratch, ['code.ts'])).toEqual([
      'code.ts:1: docs/guide.md#nowhere: no heading "nowhere"',
      'code.ts:1: docs/decisions/001-gone.md: no such file',
    ]);
    expect(brokenLinks(scratch, markdownFiles(scratch))).toEqual([
      'README.md:3: docs/gone.md: no file docs/gone.md',
      'README.md:3: docs/guide.md#got-started: no heading "got-started" in docs/guide.md',
      'README.md:4: notes.txt#top: an anchor into notes.txt, which is not a Markdown file',
      'README.md:8: docs/missing.md: no file docs/missing.md',
    ]);
  });
});
