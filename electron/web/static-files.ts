import { readdir, readFile } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';

export interface StaticFile {
  readonly body: Buffer;
  readonly contentType: string;
}

const contentTypes: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

/**
 * Loads the built renderer into memory once. Serving only from this fixed index means no
 * request path is ever joined onto the file system, so traversal is impossible by construction.
 */
export async function loadStaticFiles(root: string): Promise<ReadonlyMap<string, StaticFile>> {
  const files = new Map<string, StaticFile>();
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const urlPath = `/${relative(root, path).split(sep).join('/')}`;
    const contentType = contentTypes[extname(entry.name)] ?? 'application/octet-stream';
    files.set(urlPath, { body: await readFile(path), contentType });
  }
  return files;
}
