import { describe, expect, it } from 'vitest';
import { createPermissionPolicy, type PermissionAsker } from '../../../electron/main/security/permissions.ts';

// Fakes of what Electron's permission handlers receive: the asking contents' id, the permission,
// details.isMainFrame and the requesting URL (request handler) or origin (check handler).
const appId = 7;
const allowed = createPermissionPolicy({ appContentsId: () => appId, appOrigin: 'app://titledesk' });
const ownPage: PermissionAsker = { contentsId: appId, permission: 'clipboard-sanitized-write', isMainFrame: true, requesting: 'app://titledesk/index.html#/lookup' };

describe('the permission policy', () => {
  it('lets our own window’s main frame write to the clipboard, by URL (request) or origin (check)', () => {
    expect(allowed(ownPage)).toBe(true);
    expect(allowed({ ...ownPage, requesting: 'app://titledesk' })).toBe(true);
  });

  it('refuses clipboard writes from a subframe, another contents, another origin or an unknown asker', () => {
    expect(allowed({ ...ownPage, isMainFrame: false })).toBe(false);
    expect(allowed({ ...ownPage, contentsId: appId + 1 })).toBe(false);
    expect(allowed({ ...ownPage, contentsId: undefined })).toBe(false);
    for (const requesting of ['https://titledesk/', 'app://evil/index.html', 'file:///etc/passwd', 'data:text/html,x', '', undefined, 'not a url']) {
      expect(allowed({ ...ownPage, requesting })).toBe(false);
    }
  });

  it('refuses every other permission, even to our own page', () => {
    for (const permission of ['clipboard-read', 'deprecated-sync-clipboard-read', 'notifications', 'media', 'geolocation', 'openExternal', 'fullscreen', 'unknown']) {
      expect(allowed({ ...ownPage, permission })).toBe(false);
    }
  });

  it('refuses everything while there is no window', () => {
    const noWindow = createPermissionPolicy({ appContentsId: () => undefined, appOrigin: 'app://titledesk' });
    expect(noWindow(ownPage)).toBe(false);
  });
});
