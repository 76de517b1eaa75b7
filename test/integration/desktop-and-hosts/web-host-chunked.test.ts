import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startWebHost, type RunningWebHost } from '../../../electron/web/web-host.ts';
import { startTestCore, type TestCore } from '../fixtures/core-fixtures.ts';

let core: TestCore;
let host: RunningWebHost;
let staticDir: string;
let port: number;
let launchKey: string;
const uncaught: unknown[] = [];
const recordUncaught = (error: unknown): void => { uncaught.push(error); };

beforeAll(async () => {
  process.on('uncaughtException', recordUncaught);
  core = await startTestCore({});
  staticDir = mkdtempSync(join(tmpdir(), 'titledesk-static-'));
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>TitleDesk</title>');
  host = await startWebHost({ router: core.started.core.router, events: core.started.core.events, staticDir });
  port = Number(new URL(host.origin).port);
  launchKey = new URL(host.url).hash.replace('#key=', '');
});

beforeEach(() => { uncaught.length = 0; });

afterAll(async () => {
  process.off('uncaughtException', recordUncaught);
  await host.close();
  await core.close();
  rmSync(staticDir, { recursive: true, force: true });
});

const mebibyte = 1024 * 1024;

interface Answer {
  /** The status line and headers, or '' when the host answered nothing. */
  readonly head: string;
  readonly bodyBytesAccepted: number;
}

/**
 * Streams a chunked body (no Content-Length, so nothing can be refused from the head) until the
 * host answers and closes, or `limit` bytes are out; then ends the body and waits for an answer.
 */
function streamChunked(method: string, path: string, headers: Record<string, string>, limit: number): Promise<Answer> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const piece = Buffer.alloc(256 * 1024, 0x20);
    const framed = Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')]);
    let accepted = 0;
    let received = '';
    let finished = false;
    const finish = (): void => {
      if (finished) return;
      finished = true;
      socket.destroy();
      resolve({ head: received.split('\r\n\r\n')[0] ?? '', bodyBytesAccepted: accepted });
    };
    socket.on('data', (data: Buffer) => {
      received += data.toString('latin1');
      // An answer that keeps its connection open (an event stream) has said all we need.
      if (received.includes('\r\n\r\n')) setTimeout(finish, 500);
    });
    socket.on('close', finish);
    socket.on('error', finish);
    const lines = Object.entries({ Host: `127.0.0.1:${String(port)}`, 'Transfer-Encoding': 'chunked', ...headers }).map(([name, value]) => `${name}: ${value}`);
    socket.write(`${method} ${path} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`);
    const pump = (): void => {
      while (!finished && accepted < limit) {
        const more = socket.write(framed, (error) => { if (error === null || error === undefined) accepted += piece.length; });
        if (!more) {
          socket.once('drain', pump);
          return;
        }
      }
      if (!finished) socket.write('0\r\n\r\n');
    };
    pump();
  });
}

async function stillAnswers(): Promise<void> {
  const response = await fetch(`${host.origin}/api/invoke/environment:list`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-titledesk-key': launchKey },
    body: '{}',
  });
  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({ ok: true });
  expect((await fetch(`${host.origin}/`)).status).toBe(200);
  expect(uncaught).toEqual([]);
}

const json = { 'Content-Type': 'application/json' };
/** The launch key is known only once the host runs, after the tables below are built. */
const withKey = (headers: Record<string, string>): Record<string, string> => (headers['X-TitleDesk-Key'] === 'KEY' ? { ...headers, 'X-TitleDesk-Key': launchKey } : headers);
const keyed = { ...json, 'X-TitleDesk-Key': 'KEY' };

describe('the browser-mode host survives oversized chunked bodies', () => {
  // What the client counts as accepted includes what the two kernels buffer (several MiB on
  // loopback) while the refused connection is held open for its answer to be read.
  it.each([
    ['an invoke channel (1 MiB limit)', 'POST', '/api/invoke/environment:list', 16 * mebibyte, 413],
    ['a purchase channel', 'POST', '/api/invoke/purchase:create', 16 * mebibyte, 413],
    ['a batch channel (48 MiB limit)', 'POST', '/api/invoke/batch:preview', 96 * mebibyte, 413],
    ['an unknown channel', 'POST', '/api/invoke/no:such', 16 * mebibyte, 413],
  ])('%s: answers 413 and keeps serving', async (_name, method, path, limit, status) => {
    const answer = await streamChunked(method, path, withKey(keyed), limit);
    expect(answer.head).toMatch(new RegExp(`^HTTP/1\\.1 ${String(status)} `));
    expect(answer.bodyBytesAccepted).toBeLessThan(limit);
    await stillAnswers();
  });

  it.each([
    ['the event stream', 'GET', '/api/events', keyed, 400],
    ['the event stream, posted to', 'POST', '/api/events', keyed, 400],
    ['an unknown API path', 'PUT', '/api/other', keyed, 400],
    ['an API path without the key', 'POST', '/api/invoke/environment:list', json, 401],
    ['a foreign Origin', 'POST', '/api/invoke/environment:list', { ...json, Origin: 'https://attacker.example' }, 403],
    ['a page, fetched with a body', 'GET', '/', json, 400],
    ['a page, posted to', 'POST', '/index.html', json, 400],
    ['a missing page', 'GET', '/missing.js', json, 400],
  ])('%s: answers without reading the body and keeps serving', async (_name, method, path, headers, status) => {
    const answer = await streamChunked(method, path, withKey(headers), 4 * mebibyte);
    expect(answer.head).toMatch(new RegExp(`^HTTP/1\\.1 ${String(status)} `));
    await stillAnswers();
  });

  it('keeps serving after many oversized bodies at once', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => streamChunked('POST', '/api/invoke/environment:list', withKey(keyed), 4 * mebibyte)));
    for (const answer of answers) expect(answer.head).toMatch(/^HTTP\/1\.1 413 /);
    await stillAnswers();
  });
});

describe('the browser-mode host survives clients that vanish', () => {
  it.each([
    ['mid-body on a call', '/api/invoke/environment:list'],
    ['mid-body on a batch call', '/api/invoke/batch:preview'],
  ])('%s', async (_name, path) => {
    await new Promise<void>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${String(port)}\r\nContent-Type: application/json\r\nX-TitleDesk-Key: ${launchKey}\r\nTransfer-Encoding: chunked\r\n\r\n4\r\n{"a"\r\n`);
        setTimeout(() => { socket.resetAndDestroy(); resolve(); }, 100);
      });
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await stillAnswers();
  });
});
