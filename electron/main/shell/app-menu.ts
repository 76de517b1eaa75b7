import type { MenuItemConstructorOptions } from 'electron';

/**
 * The application menu as a template (Menu.buildFromTemplate turns it into the real one). Edit
 * must exist: on macOS copy and paste only work through menu roles. Accelerators follow each
 * platform's conventions. Pure, so each platform's menu is unit tested without Electron.
 */
export interface MenuActions {
  showAbout(): void;
  openDataFolder(): void;
  openLogsFolder(): void;
}

export interface MenuContext {
  readonly platform: NodeJS.Platform;
  /** Reload and developer tools only while developing. */
  readonly packaged: boolean;
  readonly appName: string;
  readonly actions: MenuActions;
}

export function buildMenuTemplate(context: MenuContext): MenuItemConstructorOptions[] {
  const mac = context.platform === 'darwin';
  return [
    ...(mac ? [macAppMenu(context.appName)] : [fileMenu(context.platform)]),
    editMenu(context.platform),
    viewMenu(mac, context.packaged),
    ...(mac ? [{ role: 'windowMenu' as const }] : []),
    helpMenu(context),
  ];
}

function macAppMenu(appName: string): MenuItemConstructorOptions {
  return {
    label: appName,
    submenu: [
      { role: 'about' },
      { type: 'separator' },
      { role: 'services' },
      { type: 'separator' },
      { role: 'hide', accelerator: 'Command+H' },
      { role: 'hideOthers', accelerator: 'Command+Alt+H' },
      { role: 'unhide' },
      { type: 'separator' },
      { role: 'quit', accelerator: 'Command+Q' },
    ],
  };
}

function fileMenu(platform: NodeJS.Platform): MenuItemConstructorOptions {
  // Windows closes with Alt+F4; Linux desktops use Ctrl+Q.
  return { label: '&File', submenu: [{ role: 'quit', accelerator: platform === 'win32' ? 'Alt+F4' : 'Control+Q' }] };
}

function editMenu(platform: NodeJS.Platform): MenuItemConstructorOptions {
  const mod = platform === 'darwin' ? 'Command' : 'Control';
  // Redo: Shift+Command+Z on macOS, Ctrl+Y on Windows, Ctrl+Shift+Z on Linux.
  const redo = platform === 'darwin' ? 'Shift+Command+Z' : platform === 'win32' ? 'Control+Y' : 'Control+Shift+Z';
  return {
    label: platform === 'darwin' ? 'Edit' : '&Edit',
    submenu: [
      { role: 'undo', accelerator: `${mod}+Z` },
      { role: 'redo', accelerator: redo },
      { type: 'separator' },
      { role: 'cut', accelerator: `${mod}+X` },
      { role: 'copy', accelerator: `${mod}+C` },
      { role: 'paste', accelerator: `${mod}+V` },
      ...(platform === 'darwin' ? [{ role: 'pasteAndMatchStyle' as const, accelerator: 'Shift+Command+Alt+V' }] : []),
      { role: 'delete' },
      { type: 'separator' },
      { role: 'selectAll', accelerator: `${mod}+A` },
    ],
  };
}

function viewMenu(mac: boolean, packaged: boolean): MenuItemConstructorOptions {
  const mod = mac ? 'Command' : 'Control';
  const development: MenuItemConstructorOptions[] = packaged
    ? []
    : [
        { type: 'separator' },
        { role: 'reload', accelerator: `${mod}+R` },
        { role: 'forceReload', accelerator: `Shift+${mod}+R` },
        { role: 'toggleDevTools', accelerator: mac ? 'Alt+Command+I' : 'Control+Shift+I' },
      ];
  return {
    label: mac ? 'View' : '&View',
    submenu: [
      { role: 'resetZoom', accelerator: `${mod}+0` },
      { role: 'zoomIn', accelerator: `${mod}+=` },
      { role: 'zoomOut', accelerator: `${mod}+-` },
      { type: 'separator' },
      // Full screen: Control+Command+F on macOS, F11 elsewhere.
      { role: 'togglefullscreen', accelerator: mac ? 'Control+Command+F' : 'F11' },
      ...development,
    ],
  };
}

function helpMenu(context: MenuContext): MenuItemConstructorOptions {
  const { actions } = context;
  return {
    role: 'help',
    label: context.platform === 'darwin' ? 'Help' : '&Help',
    submenu: [
      { label: `About ${context.appName}`, click: () => { actions.showAbout(); } },
      { type: 'separator' },
      { label: 'Open data folder', click: () => { actions.openDataFolder(); } },
      { label: 'Open logs folder', click: () => { actions.openLogsFolder(); } },
    ],
  };
}
