import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { execFileSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { RequestsDrawer } from '../../../../renderer/features/demo/RequestsDrawer.tsx';
import { curlCommand, shellQuote } from '../../../../renderer/features/demo/curl-command.ts';
import type { PurchaseRecord } from '../../../../shared/purchase/purchase.ts';
import { sandbox } from '../../support/fake-api.ts';
import { renderWithApi } from '../../support/render-app.tsx';
import { createFeatureApi, ok, purchase } from '../support/feature-api.ts';

afterEach(cleanup);

const variable = "http://127.0.0.1:4010/vars/WhenFresh/Property Insurance#Dwelling/Rooms/Bathrooms/Bathroom Count (1⋯5+) it's";
const record: PurchaseRecord = purchase({
  variables: [variable],
  options: { minWaitSeconds: 8 },
  purchaseId: 'p-123',
  timeline: [
    { method: 'POST', path: '/world/GB-eaw/titles/WYK638009/catalog', status: 303, advisedWaitSeconds: 2, at: 1, receivedAt: 2 },
    { method: 'GET', path: '/purchases/p-123', status: 202, advisedWaitSeconds: 3, at: 3, receivedAt: 4 },
  ],
});

/** Asks a real POSIX shell what curl would receive: each argument on its own line. */
function argumentsOf(command: string): string[] {
  const script = `TOKEN=the-token; set -- ${command.replace(/^curl /, '')}; for a in "$@"; do printf '%s\\n' "$a"; done`;
  return execFileSync('/bin/sh', ['-c', script], { encoding: 'utf8' }).trimEnd().split('\n');
}

describe('Copy as cURL', () => {
  it('copies each request with $TOKEN in place of the bearer token', async () => {
    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: (text: string) => { copied.push(text); return Promise.resolve(); } } });
    const fake = createFeatureApi({
      'purchase:get': () => ok(record),
      'environment:list': () => ok({ environments: [sandbox], selectedId: sandbox.id }),
    });
    renderWithApi(fake.api, <RequestsDrawer id={record.id} onClose={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Copy GET /purchases/p-123 as cURL' }));
    await waitFor(() => { expect(copied).toHaveLength(1); });
    expect(copied[0]).toBe([
      "curl -i -X GET 'http://127.0.0.1:4010/purchases/p-123'",
      '-H "Authorization: Bearer $TOKEN"',
      "-H 'Accept: application/ld+json'",
    ].join(' \\\n  '));
    expect(await screen.findByText('Copied')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Copy POST /world/GB-eaw/titles/WYK638009/catalog as cURL' }));
    await waitFor(() => { expect(copied).toHaveLength(2); });
    expect(copied[1]).toContain('Bearer $TOKEN');
  });

  it('shows the command to copy by hand when the clipboard is refused', async () => {
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: () => Promise.reject(new Error('denied')) } });
    const fake = createFeatureApi({
      'purchase:get': () => ok(record),
      'environment:list': () => ok({ environments: [sandbox], selectedId: sandbox.id }),
    });
    renderWithApi(fake.api, <RequestsDrawer id={record.id} onClose={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Copy GET /purchases/p-123 as cURL' }));
    const shown = await screen.findByRole('textbox', { name: 'cURL command' });
    expect((shown as HTMLTextAreaElement).value).toContain('-H "Authorization: Bearer $TOKEN"');
  });

  it('the POST reaches a shell as the purchase request TitleDesk sends, quotes and all', () => {
    const post = record.timeline[0];
    if (post === undefined) throw new Error('no POST');
    const args = argumentsOf(curlCommand(post, record, 'http://127.0.0.1:4010/'));
    expect(args.slice(0, 3)).toEqual(['-i', '-X', 'POST']);
    expect(args[3]).toBe('http://127.0.0.1:4010/world/GB-eaw/titles/WYK638009/catalog');
    expect(args).toContain('Authorization: Bearer the-token');
    expect(args).toContain('Content-Type: application/ld+json');
    expect(args).toContain('Prefer: respond-async, service.min-wait=8');
    const body: unknown = JSON.parse(args.at(-1) ?? '');
    expect(body).toEqual({ '@context': 'http://127.0.0.1:4010/.hydra/context.jsonld', '@type': 'PurchaseVariableAction', variables: [variable] });
  });

  it('quotes for the shell so that nothing but $TOKEN is expanded', () => {
    expect(shellQuote("it's $HOME")).toBe(`'it'\\''s $HOME'`);
    expect(argumentsOf(`curl ${shellQuote("it's $HOME `x`")}`)).toEqual(["it's $HOME `x`"]);
  });
});
