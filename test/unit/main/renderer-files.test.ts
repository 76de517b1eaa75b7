import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, metaContentSecurityPolicy } from '../../../shared/content-security-policy.ts';
import {
  contentTypeOf,
  devServerUrl,
  isRendererExport,
  rendererUrl,
  resolveRendererFile,
  securityHeaders,
} from '../../../electron/main/window/renderer-files.ts';

const dist = resolve('/opt/titledesk/dist');

describe('resolveRendererFile', () => {
  it('maps our URLs to files inside dist/', () => {
    expect(rendererUrl).toBe('app://titledesk/index.html');
    expect(resolveRendererFile(dist, rendererUrl)).toBe(join(dist, 'index.html'));
    expect(resolveRendererFile(dist, 'app://titledesk/')).toBe(join(dist, 'index.html'));
    expect(resolveRendererFile(dist, 'app://titledesk/assets/index-abc.js?v=1#x')).toBe(join(dist, 'assets', 'index-abc.js'));
    expect(resolveRendererFile(dist, 'app://titledesk/assets/a%20b.css')).toBe(join(dist, 'assets', 'a b.css'));
  });

  it('clamps dot segments the URL parser resolves to dist/ itself', () => {
    expect(resolveRendererFile(dist, 'app://titledesk/../package.json')).toBe(join(dist, 'package.json'));
    expect(resolveRendererFile(dist, 'app://titledesk/%2e%2e/%2E%2E/package.json')).toBe(join(dist, 'package.json'));
  });

  it('refuses what would leave dist/ once decoded', () => {
    for (const url of [
      'app://titledesk/assets/%2e%2e%2f%2e%2e%2fpackage.json',
      'app://titledesk/%2e%2e%2fpackage.json',
      'app://titledesk/..%5c..%5cpackage.json',
      'app://titledesk/index.html%00.js',
      'app://titledesk/%E0%A4%A',
    ]) {
      expect(resolveRendererFile(dist, url)).toBeUndefined();
    }
  });

  it('serves only our scheme and host', () => {
    for (const url of ['file:///opt/titledesk/dist/index.html', 'app://other/index.html', 'https://titledesk/index.html', 'nonsense']) {
      expect(resolveRendererFile(dist, url)).toBeUndefined();
    }
  });
});

describe('response headers', () => {
  it('forbid everything remote, inline and framed', () => {
    const directives = new Map(contentSecurityPolicy.split('; ').map((part) => [part.split(' ')[0], part]));
    expect(directives.get('default-src')).toBe("default-src 'none'");
    expect(directives.get('script-src')).toBe("script-src 'self'");
    expect(directives.get('frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directives.get('object-src')).toBe("object-src 'none'");
    expect(contentSecurityPolicy).not.toMatch(/unsafe-|https?:|\*/);
    expect(securityHeaders['Content-Security-Policy']).toBe(contentSecurityPolicy);
    expect(securityHeaders['X-Content-Type-Options']).toBe('nosniff');
  });

  it('the built page\'s meta tag has the same policy without frame-ancestors, which a meta tag cannot carry', () => {
    expect(metaContentSecurityPolicy.split('; ')).toEqual(contentSecurityPolicy.split('; ').filter((directive) => directive !== "frame-ancestors 'none'"));
  });

  it('name the types of what Vite emits and nothing else', () => {
    expect(contentTypeOf('/x/index.html')).toBe('text/html; charset=utf-8');
    expect(contentTypeOf('/x/assets/index-abc.JS')).toBe('text/javascript; charset=utf-8');
    expect(contentTypeOf('/x/assets/index.css')).toBe('text/css; charset=utf-8');
    expect(contentTypeOf('/x/secrets.json.tmp')).toBeUndefined();
    expect(contentTypeOf('/x/LICENSE')).toBeUndefined();
  });
});

describe('devServerUrl', () => {
  it('accepts a loopback http dev server only in an unpackaged app', () => {
    expect(devServerUrl('http://localhost:5173/', false)).toBe('http://localhost:5173/');
    expect(devServerUrl('http://127.0.0.1:5173', false)).toBe('http://127.0.0.1:5173/');
    expect(devServerUrl('http://localhost:5173/', true)).toBeUndefined();
    expect(devServerUrl('http://192.168.1.5:5173/', false)).toBeUndefined();
    expect(devServerUrl('https://example.com/', false)).toBeUndefined();
    expect(devServerUrl(undefined, false)).toBeUndefined();
    expect(devServerUrl('', false)).toBeUndefined();
  });
});

describe('downloads the desktop app allows', () => {
  it('accepts only blobs made by the bundled renderer', () => {
    expect(isRendererExport('blob:app://titledesk/6f1c9a9e-1111-4f4f-9999-123456789abc')).toBe(true);
    expect(isRendererExport('blob:https://evil.example/6f1c9a9e')).toBe(false);
    expect(isRendererExport('https://titledesk/file.csv')).toBe(false);
    expect(isRendererExport('blob:app://titledeskx/abc')).toBe(false);
    expect(isRendererExport('data:text/csv,a')).toBe(false);
  });
});
