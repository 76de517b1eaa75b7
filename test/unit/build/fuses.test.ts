import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { FuseState, SENTINEL } from '@electron/fuses/dist/constants.js';
import type { AfterPackContext } from 'electron-builder';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterPack } from '../../../build/after-pack.ts';
import { expectedFuses, fuseConfigFor } from '../../../build/fuses.ts';

/**
 * The fuses are judged on a binary the real afterPack hook has flipped, read back by name: what
 * matters is what the packaged app can and cannot do, not which literals build/fuses.ts holds.
 * The binary is a stand-in carrying Electron's fuse wire as Electron ships it (every fuse at its
 * insecure default, plus a ninth fuse from a newer Electron than @electron/fuses knows).
 */
const on = 0x31;
const off = 0x30;
const electronDefaults = [on, off, on, on, off, off, off, on, on];

let dir: string;
let codesignLog: string;

function layout(platform: string): { context: AfterPackContext; fuseFile: string; binary: string } {
  const context = {
    appOutDir: dir,
    electronPlatformName: platform,
    packager: { appInfo: { productFilename: 'TitleDesk' }, executableName: 'titledesk' },
  } as unknown as AfterPackContext;
  const mac = platform === 'darwin' || platform === 'mas';
  const fuseFile = mac
    ? join(dir, 'TitleDesk.app', 'Contents', 'Frameworks', 'Electron Framework.framework', 'Electron Framework')
    : join(dir, platform === 'win32' ? 'TitleDesk.exe' : 'titledesk');
  // What the hook and @electron/fuses are given: the .app bundle on macOS, the executable elsewhere.
  const binary = mac ? join(dir, 'TitleDesk.app') : fuseFile;
  return { context, fuseFile, binary };
}

/** Packs a stand-in binary for `platform`, runs the hook, and returns the fuse states by name. */
async function packedFuses(platform: string): Promise<(option: FuseV1Options) => 'on' | 'off' | 'untouched'> {
  const { context, fuseFile, binary } = layout(platform);
  mkdirSync(dirname(fuseFile), { recursive: true });
  writeFileSync(fuseFile, Buffer.concat([Buffer.from('ELF…'), Buffer.from(SENTINEL), Buffer.from([1, electronDefaults.length]), Buffer.from(electronDefaults), Buffer.from('…')]));
  await afterPack(context);
  const wire = await getCurrentFuseWire(binary);
  return (option) => {
    const state = wire[option];
    if (state === undefined) throw new Error(`no fuse ${FuseV1Options[option]} in the wire`);
    if (state === electronDefaults[option] && !expectedFuses(fuseConfigFor(platform)).some(([known]) => known === option)) return 'untouched';
    return state === FuseState.ENABLE ? 'on' : 'off';
  };
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'titledesk-fuses-'));
  // macOS re-signs ad hoc after flipping; `codesign` exists only there, so a stand-in records the call.
  const bin = join(dir, 'bin');
  codesignLog = join(dir, 'codesign.log');
  mkdirSync(bin);
  writeFileSync(join(bin, 'codesign'), `#!/bin/sh\necho "$@" >> '${codesignLog}'\n`);
  chmodSync(join(bin, 'codesign'), 0o755);
  vi.stubEnv('PATH', `${bin}${delimiter}${process.env['PATH'] ?? ''}`);
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  rmSync(dir, { recursive: true, force: true });
});

describe('the packaged app, on every platform', () => {
  for (const platform of ['linux', 'win32', 'darwin', 'mas']) {
    it(`on ${platform}: cannot be turned into a Node interpreter, a debugger target or a loader of other code`, async () => {
      const fuse = await packedFuses(platform);
      expect(fuse(FuseV1Options.RunAsNode), 'ELECTRON_RUN_AS_NODE').toBe('off');
      expect(fuse(FuseV1Options.EnableNodeOptionsEnvironmentVariable), 'NODE_OPTIONS').toBe('off');
      expect(fuse(FuseV1Options.EnableNodeCliInspectArguments), '--inspect').toBe('off');
      expect(fuse(FuseV1Options.OnlyLoadAppFromAsar), 'only the app.asar is loaded').toBe('on');
      expect(fuse(FuseV1Options.EnableCookieEncryption), 'cookies encrypted at rest').toBe('on');
      expect(fuse(FuseV1Options.GrantFileProtocolExtraPrivileges), 'file:// privileges').toBe('off');
    });
  }

  it('checks the asar against its hash wherever the package carries one (macOS), and re-signs ad hoc there', async () => {
    for (const platform of ['darwin', 'mas']) {
      const fuse = await packedFuses(platform);
      expect(fuse(FuseV1Options.EnableEmbeddedAsarIntegrityValidation), platform).toBe('on');
    }
    expect(readFileSync(codesignLog, 'utf8')).toContain(join(dir, 'TitleDesk.app'));
  });

  it('leaves asar integrity off where electron-builder embeds no hash, which would stop the app from starting', async () => {
    for (const platform of ['linux', 'win32']) {
      const fuse = await packedFuses(platform);
      expect(fuse(FuseV1Options.EnableEmbeddedAsarIntegrityValidation), platform).toBe('off');
    }
    expect(existsSync(codesignLog)).toBe(false);
  });

  it('sets every fuse it knows except the V8 snapshot one, and leaves fuses of a newer Electron alone', async () => {
    const fuse = await packedFuses('linux');
    expect(fuse(FuseV1Options.LoadBrowserProcessSpecificV8Snapshot)).toBe('untouched');
    const { fuseFile } = layout('linux');
    const wire = await getCurrentFuseWire(fuseFile);
    expect(Reflect.get(wire, 8), 'the ninth fuse').toBe(electronDefaults[8]);
    const configured = expectedFuses(fuseConfigFor('linux')).map(([option]) => option);
    const known = Object.values(FuseV1Options).filter((option) => typeof option === 'number');
    expect(known.filter((option) => !configured.includes(option))).toEqual([FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]);
  });
});

describe('the afterPack hook', () => {
  it('skips a stub electron and says so, leaving it as it was', async () => {
    const { context, fuseFile } = layout('linux');
    writeFileSync(fuseFile, '#!/bin/sh\nexit 1\n');
    await afterPack(context);
    expect(readFileSync(fuseFile, 'utf8')).toBe('#!/bin/sh\nexit 1\n');
    expect(console.log).toHaveBeenCalledWith(expect.stringContaining('fuses skipped'));
  });

  it('reports the fuses flipped and verified on a binary with a fuse wire', async () => {
    await packedFuses('linux');
    expect(console.log).toHaveBeenCalledWith(expect.stringContaining('fuses flipped and verified'));
  });
});
