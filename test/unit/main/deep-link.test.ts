import { describe, expect, it } from 'vitest';
import { findDeepLinkArg, parsePurchaseLink } from '../../../electron/main/shell/deep-link.ts';
import { purchaseLink } from '../../../shared/purchase/deep-link.ts';

const origins = ['https://api.whenfresh.com', 'https://staging.example.co.uk:8443'];
const parse = (link: string) => parsePurchaseLink(link, origins);

describe('parsePurchaseLink', () => {
  it('accepts a purchase ID, with or without a trailing slash, any case of scheme', () => {
    expect(parse('titledesk://purchase/3f2a9c1e-77b0-4c1e-9d1c-2b3a4c5d6e7f')).toEqual({ ok: true, reference: '3f2a9c1e-77b0-4c1e-9d1c-2b3a4c5d6e7f' });
    expect(parse('titledesk://purchase/P-123.a_b~c/')).toEqual({ ok: true, reference: 'P-123.a_b~c' });
    expect(parse('TitleDesk://Purchase/abc')).toEqual({ ok: true, reference: 'abc' });
  });

  it('accepts an encoded https result URL of a configured environment', () => {
    expect(parse(`titledesk://purchase/${encodeURIComponent('https://api.whenfresh.com/purchases/abc123')}`)).toEqual({ ok: true, reference: 'https://api.whenfresh.com/purchases/abc123' });
    expect(parse(purchaseLink('https://staging.example.co.uk:8443/v1/purchases/x-1'))).toEqual({ ok: true, reference: 'https://staging.example.co.uk:8443/v1/purchases/x-1' });
  });

  it('round-trips what Copy link produces', () => {
    for (const reference of ['abc', 'https://api.whenfresh.com/purchases/Z9']) expect(parse(purchaseLink(reference))).toEqual({ ok: true, reference });
  });

  it.each([
    ['another scheme', 'https://purchase/abc'],
    ['another action', 'titledesk://settings/abc'],
    ['nothing named', 'titledesk://purchase/'],
    ['two segments', 'titledesk://purchase/abc/def'],
    ['a query', 'titledesk://purchase/abc?run=1'],
    ['a fragment', 'titledesk://purchase/abc#x'],
    ['an unencoded URL', 'titledesk://purchase/https://api.whenfresh.com/purchases/abc'],
    ['bad encoding', 'titledesk://purchase/%E0%A4%A'],
    ['control characters', 'titledesk://purchase/abc%0Adef'],
    ['a leading dot', 'titledesk://purchase/..'],
    ['spaces', 'titledesk://purchase/a%20b'],
    ['http', purchaseLink('http://api.whenfresh.com/purchases/abc')],
    ['another host', purchaseLink('https://evil.example/purchases/abc')],
    ['a lookalike host', purchaseLink('https://api.whenfresh.com.evil.example/purchases/abc')],
    ['another port', purchaseLink('https://api.whenfresh.com:444/purchases/abc')],
    ['credentials', purchaseLink('https://user:pw@api.whenfresh.com/purchases/abc')],
    ['a query in the URL', purchaseLink('https://api.whenfresh.com/purchases/abc?x=1')],
    ['not a result address', purchaseLink('https://api.whenfresh.com/titles/abc')],
    ['javascript', purchaseLink('javascript:alert(1)')],
    ['file', purchaseLink('file:///etc/passwd')],
    ['too long', `titledesk://purchase/${'a'.repeat(3000)}`],
  ])('refuses %s, with a reason', (_what, link) => {
    const parsed = parse(link);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.reason).toMatch(/^This link was not opened: .+\.$/);
  });

  it('refuses a result URL when no https environment is configured', () => {
    expect(parsePurchaseLink(purchaseLink('https://api.whenfresh.com/purchases/abc'), []).ok).toBe(false);
  });
});

describe('findDeepLinkArg', () => {
  it('finds the link among Electron’s and Chromium’s arguments', () => {
    expect(findDeepLinkArg(['/opt/TitleDesk/titledesk', '--no-sandbox', 'titledesk://purchase/abc'])).toBe('titledesk://purchase/abc');
    expect(findDeepLinkArg(['C:\\TitleDesk.exe', '--allow-file-access-from-files', 'TITLEDESK://purchase/abc/'])).toBe('TITLEDESK://purchase/abc/');
    expect(findDeepLinkArg(['electron', '/app', '--inspect'])).toBeUndefined();
  });
});
