import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

const root = join(import.meta.dirname, '..', '..');
const manifestSchema = z.object({ engines: z.object({ node: z.string() }).optional(), devDependencies: z.record(z.string(), z.string()).optional() });
const manifest = (path: string) => manifestSchema.parse(JSON.parse(readFileSync(path, 'utf8')));

type Version = readonly [number, number, number];

function parse(text: string): Version {
  const [major = 0, minor = 0, patch = 0] = text.trim().replace(/^v/, '').split('.').map(Number);
  return [major, minor, patch];
}

function compare(a: Version, b: Version): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/** The range forms package engines use: "a || b", "^x.y.z", ">=x.y.z", ">= x", "<x", "x.y.z". */
function satisfies(version: Version, range: string): boolean {
  return range.split('||').some((alternative) =>
    alternative.trim().replace(/(>=|<=|>|<|\^)\s+/g, '$1').split(/\s+/).every((part) => {
      const match = /^(\^|>=|<=|>|<)?\s*(.+)$/.exec(part.trim());
      const bound = parse(match?.[2] ?? '');
      switch (match?.[1]) {
        case '^': return version[0] === bound[0] && compare(version, bound) >= 0;
        case '>=': return compare(version, bound) >= 0;
        case '>': return compare(version, bound) > 0;
        case '<': return compare(version, bound) < 0;
        case '<=': return compare(version, bound) <= 0;
        default: return compare(version, bound) === 0;
      }
    }),
  );
}

describe('the Node version the project asks for', () => {
  const own = manifest(join(root, 'package.json'));
  const engines = own.engines?.node ?? '';
  // The lowest versions of each major the project's own range admits.
  const lowest = engines.split('||').map((part) => parse(part.replace(/[\^>=<\s]/g, '')));

  it('is one every installed tool accepts, so npm install there prints no "Unsupported engine"', () => {
    expect(lowest.length).toBeGreaterThan(0);
    const refusing: string[] = [];
    for (const name of Object.keys(own.devDependencies ?? {})) {
      let range: string | undefined;
      try {
        range = manifest(join(root, 'node_modules', name, 'package.json')).engines?.node;
      } catch {
        continue;
      }
      if (range === undefined) continue;
      for (const version of lowest) if (!satisfies(version, range)) refusing.push(`${name} (${range}) refuses ${version.join('.')}`);
    }
    expect(refusing).toEqual([]);
    // And Node 20, which README says is not enough for a clean install, is refused by some.
    expect(satisfies([20, 19, 0], engines)).toBe(false);
  });

  it('is the one README and docs/development.md state', () => {
    const [first, second] = lowest.map((version) => `${String(version[0])}.${String(version[1])}`);
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const development = readFileSync(join(root, 'docs', 'development.md'), 'utf8');
    for (const text of [readme, development]) {
      expect(text).toContain(`Node ${second ?? ''} or newer (or ${first ?? ''}+)`);
      expect(text).toContain('Unsupported engine');
    }
  });
});
