import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { buildMenuTemplate, type MenuActions } from '../../../electron/main/shell/app-menu.ts';

function build(platform: NodeJS.Platform, packaged = true) {
  const clicked: string[] = [];
  const actions: MenuActions = {
    showAbout: () => clicked.push('about'),
    openDataFolder: () => clicked.push('data'),
    openLogsFolder: () => clicked.push('logs'),
  };
  return { template: buildMenuTemplate({ platform, packaged, appName: 'TitleDesk', actions }), clicked };
}

const items = (menu: MenuItemConstructorOptions | undefined): MenuItemConstructorOptions[] => (Array.isArray(menu?.submenu) ? menu.submenu : []);
const labelOf = (menu: MenuItemConstructorOptions): string => (menu.label ?? menu.role ?? '').replace('&', '');
const menuNamed = (template: MenuItemConstructorOptions[], name: string) => template.find((menu) => labelOf(menu) === name);
const roles = (menu: MenuItemConstructorOptions | undefined) => items(menu).filter((item) => item.role !== undefined).map((item) => [item.role, item.accelerator]);

describe('the application menu', () => {
  it('has Edit with the clipboard roles on every platform (macOS copy/paste need them)', () => {
    for (const platform of ['darwin', 'win32', 'linux'] as const) {
      const edit = menuNamed(build(platform).template, 'Edit');
      expect(items(edit).map((item) => item.role).filter((role) => role !== undefined)).toEqual(expect.arrayContaining(['undo', 'redo', 'cut', 'copy', 'paste', 'selectAll']));
    }
  });

  it('uses each platform’s accelerators', () => {
    expect(roles(menuNamed(build('darwin').template, 'Edit'))).toEqual([
      ['undo', 'Command+Z'], ['redo', 'Shift+Command+Z'], ['cut', 'Command+X'], ['copy', 'Command+C'], ['paste', 'Command+V'],
      ['pasteAndMatchStyle', 'Shift+Command+Alt+V'], ['delete', undefined], ['selectAll', 'Command+A'],
    ]);
    expect(roles(menuNamed(build('win32').template, 'Edit'))).toContainEqual(['redo', 'Control+Y']);
    expect(roles(menuNamed(build('linux').template, 'Edit'))).toContainEqual(['redo', 'Control+Shift+Z']);
    expect(roles(menuNamed(build('win32').template, 'File'))).toEqual([['quit', 'Alt+F4']]);
    expect(roles(menuNamed(build('linux').template, 'File'))).toEqual([['quit', 'Control+Q']]);
    expect(roles(menuNamed(build('linux').template, 'View'))).toContainEqual(['togglefullscreen', 'F11']);
    expect(roles(menuNamed(build('darwin').template, 'View'))).toContainEqual(['togglefullscreen', 'Control+Command+F']);
  });

  it('puts the app menu first on macOS and a File menu elsewhere', () => {
    const mac = build('darwin').template;
    expect(mac.map(labelOf)).toEqual(['TitleDesk', 'Edit', 'View', 'windowMenu', 'Help']);
    expect(items(mac[0]).map((item) => item.role).filter(Boolean)).toEqual(['about', 'services', 'hide', 'hideOthers', 'unhide', 'quit']);
    expect(build('win32').template.map(labelOf)).toEqual(['File', 'Edit', 'View', 'Help']);
  });

  it('offers zoom always, reload and developer tools only when not packaged', () => {
    const viewRoles = (packaged: boolean) => items(menuNamed(build('linux', packaged).template, 'View')).map((item) => item.role).filter(Boolean);
    expect(viewRoles(true)).toEqual(['resetZoom', 'zoomIn', 'zoomOut', 'togglefullscreen']);
    expect(viewRoles(false)).toEqual(['resetZoom', 'zoomIn', 'zoomOut', 'togglefullscreen', 'reload', 'forceReload', 'toggleDevTools']);
  });

  it('Help has About, Open data folder and Open logs folder, wired to their actions', () => {
    const { template, clicked } = build('win32');
    const help = items(menuNamed(template, 'Help')).filter((item) => item.type !== 'separator');
    expect(help.map((item) => item.label)).toEqual(['About TitleDesk', 'Open data folder', 'Open logs folder']);
    for (const item of help) Reflect.apply(item.click as () => void, undefined, []);
    expect(clicked).toEqual(['about', 'data', 'logs']);
  });
});
