import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { SENTINEL } from '@electron/fuses/dist/constants.js';
import type { AfterPackContext } from 'electron-builder';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterPack } from '../../build/after-pack.ts';
import { expectedFuses, fuseConfigFor } from '../../build/fuses.ts';

describe('fuseConfigFor', () => {
  it('switches off every way to run other code in the app, on every platform', () => {
    for (const platform of ['linux', 'win32', 'darwin', 'mas']) {
      const config = fuseConfigFor(platform);
      expect(config[FuseV1Options.RunAsNode]).toBe(false);
      expect(config[FuseV1Options.EnableNodeOptionsEnvironmentVariable]).toBe(false);
      expect(config[FuseV1Options.EnableNodeCliInspectArguments]).toBe(false);
      expect(config[FuseV1Options.OnlyLoadAppFromAsar]).toBe(true);
      expect(config[FuseV1Options.EnableCookieEncryption]).toBe(true);
      expect(config[FuseV1Options.GrantFileProtocolExtraPrivileges]).toBe(false);
    }
  });

  it('validates the asar only where electron-builder embeds its hash, and re-signs ad hoc on macOS', () => {
    expect(fuseConfigFor('darwin')[FuseV1Options.EnableEmbeddedAsarIntegrityValidation]).toBe(true);
    expect(fuseConfigFor('darwin').resetAdHocDarwinSignature).toBe(true);
    for (const platform of ['linux', 'win32']) {
      expect(fuseConfigFor(platform)[FuseV1Options.EnableEmbeddedAsarIntegrityValidation]).toBe(false);
      expect(fuseConfigFor(platform).resetAdHocDarwinSignature).toBe(false);
    }
  });

  it('lists the fuses to verify, leaving the V8 snapshot fuse as Electron ships it', () => {
    const options = expectedFuses(fuseConfigFor('linux')).map(([option]) => option);
    expect(options).toHaveLength(7);
    expect(options).not.toContain(FuseV1Options.LoadBrowserProcessSpecificV8Snapshot);
  });
});

describe('the afterPack hook', () => {
  let dir: string;
  const binary = () => join(dir, 'titledesk');
  const context = (): AfterPackContext =>
    ({ appOutDir: dir, electronPlatformName: 'linux', packager: { appInfo: { productFilename: 'TitleDesk' }, executableName: 'titledesk' } }) as unknown as AfterPackContext;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'titledesk-fuses-'));
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    rmSync(dir, { recursive: true, force: true });
  });

  it('skips a stub electron and says so', async () => {
    writeFileSync(binary(), '#!/bin/sh\nexit 1\n');
    await afterPack(context());
    expect(readFileSync(binary(), 'utf8')).toBe('#!/bin/sh\nexit 1\n');
    expect(console.log).toHaveBeenCalledWith(expect.stringContaining('fuses skipped'));
  });

  it('flips the fuses of a binary with a fuse wire, leaving fuses it does not know alone', async () => {
    // Electron's defaults, plus a ninth fuse from a newer Electron than @electron/fuses knows.
    const wire = Buffer.concat([Buffer.from('ELF…padding'), Buffer.from(SENTINEL), Buffer.from([1, 9]), Buffer.from('101100011'), Buffer.from('…')]);
    writeFileSync(binary(), wire);
    await afterPack(context());
    const flipped = await getCurrentFuseWire(binary());
    // '0' (0x30) off, '1' (0x31) on: RunAsNode off, cookies encrypted, NODE_OPTIONS and --inspect
    // off, no asar hash on Linux, asar only, V8 snapshot and the unknown ninth fuse untouched.
    expect(flipped).toMatchObject({ 0: 0x30, 1: 0x31, 2: 0x30, 3: 0x30, 4: 0x30, 5: 0x31, 6: 0x30, 7: 0x30, 8: 0x31 });
    expect(console.log).toHaveBeenCalledWith(expect.stringContaining('fuses flipped and verified'));
  });
});
