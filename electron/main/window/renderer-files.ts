import { extname, isAbsolute, relative, resolve } from 'node:path';
import { contentSecurityPolicy } from '../../../shared/content-security-policy.ts';

/**
 * How the built renderer is served: from a privileged `app://titledesk` scheme rather than
 * file://. The window then has a real origin of its own (file:// pages share the "null" origin and
 * can read any local file), every response carries our security headers, and only files inside
 * dist/ can ever be served. Pure (no electron import) so it is unit tested.
 */
export const rendererScheme = 'app';
export const rendererHost = 'titledesk';
export const rendererOrigin = `${rendererScheme}://${rendererHost}`;
export const rendererUrl = `${rendererOrigin}/index.html`;

export const securityHeaders: Readonly<Record<string, string>> = {
  'Content-Security-Policy': contentSecurityPolicy,
  'X-Content-Type-Options': 'nosniff',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Referrer-Policy': 'no-referrer',
};

const contentTypes: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
};

/** Only the types a Vite build emits; anything else is not served (with nosniff it would be inert anyway). */
export function contentTypeOf(path: string): string | undefined {
  return contentTypes[extname(path).toLowerCase()];
}

/**
 * The file under distDir a request URL names, or undefined when the URL is not ours or tries to
 * leave distDir (`..`, encoded separators, NUL bytes).
 */
export function resolveRendererFile(distDir: string, requestUrl: string): string | undefined {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return undefined;
  }
  if (url.protocol !== `${rendererScheme}:` || url.host !== rendererHost) return undefined;
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return undefined;
  }
  if (pathname.includes('\0') || pathname.includes('\\')) return undefined;
  const root = resolve(distDir);
  const file = resolve(root, `.${pathname === '/' ? '/index.html' : pathname}`);
  const inside = relative(root, file);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) return undefined;
  return file;
}

/**
 * The Vite dev server the renderer comes from during development (vite-plugin-electron sets
 * VITE_DEV_SERVER_URL), only in an unpackaged app and only on loopback: a packaged app always
 * loads its own files.
 */
export function devServerUrl(value: string | undefined, isPackaged: boolean): string | undefined {
  if (isPackaged || value === undefined || value === '') return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  const loopback = url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]';
  return url.protocol === 'http:' && loopback ? url.href : undefined;
}

/**
 * Exports (CSV, JSON) are blobs the renderer made itself; they are the only downloads allowed,
 * and they get the OS save dialog. Anything else a page might try to download is refused.
 */
export function isRendererExport(downloadUrl: string): boolean {
  return downloadUrl.startsWith(`blob:${rendererOrigin}/`);
}
