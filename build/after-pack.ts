import { join } from 'node:path';
import { FuseV1Options, flipFuses, getCurrentFuseWire } from '@electron/fuses';
// FuseState is not re-exported by the package index.
import { FuseState } from '@electron/fuses/dist/constants.js';
import type { AfterPackContext } from 'electron-builder';
import { expectedFuses, fuseConfigFor } from './fuses.ts';

/**
 * electron-builder's afterPack hook: flips the fuses (before signing, which follows this hook),
 * then reads them back. A packaging check run with a stub electron has no fuse wire: the hook
 * says so and skips, rather than pretending the fuses were set.
 */
export async function afterPack(context: AfterPackContext): Promise<void> {
  const binary = binaryPath(context);
  const config = fuseConfigFor(context.electronPlatformName);
  try {
    await getCurrentFuseWire(binary);
  } catch (error) {
    if (error instanceof Error && error.message.includes('Could not find sentinel')) {
      console.log(`  • fuses skipped: ${binary} is not a real Electron binary (no fuse wire); a packaging check with a stub`);
      return;
    }
    throw error;
  }
  await flipFuses(binary, config);
  const wire = await getCurrentFuseWire(binary);
  for (const [option, wanted] of expectedFuses(config)) {
    const state = wire[option];
    if (state !== (wanted ? FuseState.ENABLE : FuseState.DISABLE)) {
      throw new Error(`Fuse ${FuseV1Options[option]} is ${String(state)} after flipping, expected ${wanted ? 'enabled' : 'disabled'}.`);
    }
  }
  console.log(`  • fuses flipped and verified: ${binary}`);
}

function binaryPath(context: AfterPackContext): string {
  const { appOutDir, electronPlatformName, packager } = context;
  const product = packager.appInfo.productFilename;
  if (electronPlatformName === 'darwin' || electronPlatformName === 'mas') return join(appOutDir, `${product}.app`);
  if (electronPlatformName === 'win32') return join(appOutDir, `${product}.exe`);
  // Only LinuxPackager has executableName, and the hook is typed with the base class.
  const executable: unknown = Reflect.get(packager, 'executableName');
  if (typeof executable !== 'string') throw new Error('The Linux packager did not name its executable.');
  return join(appOutDir, executable);
}

export default afterPack;
