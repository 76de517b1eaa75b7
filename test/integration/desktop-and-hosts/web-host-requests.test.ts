import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebHost, type RunningWebHost } from '../../../electron/web/web-host.ts';
import { contentSecurityPolicy } from '../../../shared/content-security-policy.ts';
import { startTestCore, type TestCore } from '../fixtures/core-fixtures.ts';

let core: TestCore;
let host: RunningWebHost;
let staticDir: string;
let port: number;
let launchKey: string;

beforeAll(async () => {
  core = await startTestCore({});
  staticDir = mkdtempSync(join(tmpdir(), 'titledesk-static-'));
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>TitleDesk</title>');
  host = await startWebHost({ router: core.started.core.router, events: core.started.core.events, staticDir });
  port = Number(new URL(host.origin).port);
  launchKey = new URL(host.url).hash.replace('#key=', '');
});

afterAll(async () => {
  await host.close();
  await core.close();
  rmSync(staticDir, { recursive: true, force: true });
});

interface Sent {
  /** The status line and headers the host answered, or '' when it answered nothing. */
  readonly head: string;
  /** Body bytes the host's socket accepted before it closed the connection. */
  readonly bodyBytesAccepted: number;
}

const hundredMegabytes = 100 * 1024 * 1024;

/**
 * Sends a request head declaring a 100 MB body, then streams the body as fast as the socket
 * takes it, until the host answers and closes the connection or the whole body is out.
 */
function sendHugeBody(headers: Record<string, string>): Promise<Sent> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const chunk = Buffer.alloc(256 * 1024, 0x20);
    let accepted = 0;
    let received = '';
    let finished = false;
    const finish = (): void => {
      if (finished) return;
      finished = true;
      socket.destroy();
      resolve({ head: received.split('\r\n\r\n')[0] ?? '', bodyBytesAccepted: accepted });
    };
    socket.on('data', (data: Buffer) => { received += data.toString('latin1'); });
    socket.on('close', finish);
    socket.on('error', finish);
    const lines = Object.entries({ Host: `127.0.0.1:${String(port)}`, 'Content-Length': String(hundredMegabytes), ...headers }).map(([name, value]) => `${name}: ${value}`);
    socket.write(`POST /api/invoke/environment:list HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`);
    const pump = (): void => {
      while (!finished && accepted < hundredMegabytes) {
        const more = socket.write(chunk, (error) => { if (error === null || error === undefined) accepted += chunk.length; });
        if (!more) {
          socket.once('drain', pump);
          return;
        }
      }
    };
    pump();
  });
}

async function invoke(path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const response = await fetch(`${host.origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{}' });
  return { status: response.status, body: await response.text() };
}

describe('the browser-mode host refuses before it reads', () => {
  it('answers 401 to a 100 MB body without the key, and closes the connection instead of reading it', async () => {
    const sent = await sendHugeBody({ 'Content-Type': 'application/json' });
    expect(sent.head).toMatch(/^HTTP\/1\.1 401 /);
    // Socket buffers on loopback hold a few MB at most; the rest was never taken.
    expect(sent.bodyBytesAccepted).toBeLessThan(hundredMegabytes / 4);
  });

  it.each([
    ['a foreign Origin', { 'Content-Type': 'application/json', Origin: 'https://attacker.example' }, 403],
    ['the wrong content type', { 'Content-Type': 'text/plain' }, 415],
    ['a declared length over the limit', { 'Content-Type': 'application/json' }, 413],
  ])('answers %s with the key present the same way', async (_name, headers, status) => {
    const sent = await sendHugeBody({ ...headers, 'X-TitleDesk-Key': launchKey });
    expect(sent.head).toMatch(new RegExp(`^HTTP/1\\.1 ${String(status)} `));
    expect(sent.bodyBytesAccepted).toBeLessThan(hundredMegabytes / 4);
  });

  it('answers 400, not 500, to a channel name with broken percent-encoding', async () => {
    for (const channel of ['%E0%A4%A', '%', '%ZZ', 'environment%3Alist%']) {
      const answer = await invoke(`/api/invoke/${channel}`, { 'x-titledesk-key': launchKey });
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body)).toMatchObject({ ok: false, error: { code: 'validation' } });
    }
    expect((await invoke('/api/invoke/environment%3Alist', { 'x-titledesk-key': launchKey })).status).toBe(200);
  });
});

describe('the browser-mode host serves the page', () => {
  it('with the same Content-Security-Policy header as the desktop app', async () => {
    const response = await fetch(`${host.origin}/index.html`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBe(contentSecurityPolicy);
  });
});
