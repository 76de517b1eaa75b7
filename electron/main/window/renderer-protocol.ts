import { readFile } from 'node:fs/promises';
import { protocol, type Session } from 'electron';
import { contentTypeOf, rendererScheme, resolveRendererFile, securityHeaders } from './renderer-files.ts';

/**
 * Declares app:// as a standard, secure scheme so the renderer gets a proper origin (for CSP
 * 'self', module scripts and same-origin checks). Electron allows this only before 'ready'.
 */
export function registerRendererScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: rendererScheme, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
  ]);
}

/**
 * Serves dist/ on app://titledesk with the Content-Security-Policy as a response header: unlike
 * a <meta> tag it applies before any byte of the page is parsed and it can forbid framing.
 */
export function serveRenderer(session: Session, distDir: string): void {
  session.protocol.handle(rendererScheme, async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return plain(405, 'Method not allowed');
    const file = resolveRendererFile(distDir, request.url);
    const type = file === undefined ? undefined : contentTypeOf(file);
    if (file === undefined || type === undefined) return plain(404, 'Not found');
    let body: Buffer;
    try {
      // Electron's fs reads inside app.asar transparently.
      body = await readFile(file);
    } catch {
      return plain(404, 'Not found');
    }
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), {
      status: 200,
      headers: { ...securityHeaders, 'Content-Type': type },
    });
  });
}

function plain(status: number, text: string): Response {
  return new Response(text, { status, headers: { ...securityHeaders, 'Content-Type': 'text/plain; charset=utf-8' } });
}
