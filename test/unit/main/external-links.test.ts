import { describe, expect, it } from 'vitest';
import { allowedExternalUrl } from '../../../electron/main/security/external-links.ts';

describe('allowedExternalUrl', () => {
  it('allows https links to the listed sites, normalised', () => {
    expect(allowedExternalUrl('https://developer.whenfresh.com/docs?x=1#part')).toBe('https://developer.whenfresh.com/docs?x=1#part');
    expect(allowedExternalUrl('HTTPS://WWW.LOQATE.COM/')).toBe('https://www.loqate.com/');
  });

  it('refuses other schemes, even to a listed host', () => {
    for (const url of ['http://developer.whenfresh.com/', 'file:///etc/passwd', 'javascript:alert(1)', 'smb://whenfresh.com/x', 'app://titledesk/index.html']) {
      expect(allowedExternalUrl(url)).toBeUndefined();
    }
  });

  it('refuses hosts that only look like a listed one', () => {
    for (const url of [
      'https://whenfresh.com.evil.example/',
      'https://evilwhenfresh.com/',
      'https://sub.developer.whenfresh.com/',
      'https://developer.whenfresh.com@evil.example/',
    ]) {
      expect(allowedExternalUrl(url)).toBeUndefined();
    }
  });

  it('refuses credentials, explicit ports and garbage', () => {
    expect(allowedExternalUrl('https://user:pass@developer.whenfresh.com/')).toBeUndefined();
    expect(allowedExternalUrl('https://developer.whenfresh.com:8443/')).toBeUndefined();
    expect(allowedExternalUrl('not a url')).toBeUndefined();
    expect(allowedExternalUrl('')).toBeUndefined();
  });

  it('takes another allow-list when given one', () => {
    expect(allowedExternalUrl('https://example.org/', new Set(['example.org']))).toBe('https://example.org/');
    expect(allowedExternalUrl('https://developer.whenfresh.com/', new Set(['example.org']))).toBeUndefined();
  });
});
