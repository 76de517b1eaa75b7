import { FuseV1Options, FuseVersion, type FuseV1Config } from '@electron/fuses';

/**
 * Electron fuses flipped in the packaged binary, as Signal Desktop does: switches compiled into
 * Electron that no command line, environment variable or later code can turn back on.
 */
export function fuseConfigFor(platform: string): FuseV1Config {
  const mac = platform === 'darwin' || platform === 'mas';
  return {
    version: FuseVersion.V1,
    // Flipping bytes breaks the ad-hoc signature Apple Silicon requires before real signing.
    resetAdHocDarwinSignature: mac,
    // ELECTRON_RUN_AS_NODE would turn the signed app into a general-purpose Node interpreter.
    [FuseV1Options.RunAsNode]: false,
    [FuseV1Options.EnableCookieEncryption]: true,
    // NODE_OPTIONS=--require … would inject code into the main process.
    [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
    // --inspect would let anyone on the machine attach a debugger to the process holding tokens.
    [FuseV1Options.EnableNodeCliInspectArguments]: false,
    // electron-builder embeds the asar hash only on macOS (Info.plist); elsewhere the fuse would
    // check against nothing (Linux has no support, Windows needs a resource it does not write).
    [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: mac,
    // Otherwise a folder named app/ beside app.asar would be loaded instead of our code.
    [FuseV1Options.OnlyLoadAppFromAsar]: true,
    // The renderer comes from app://, so file:// needs none of its legacy extra privileges.
    [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
  };
}

/** The fuses whose state is verified after flipping (everything but the version and options). */
export function expectedFuses(config: FuseV1Config): [FuseV1Options, boolean][] {
  return Object.values(FuseV1Options)
    .filter((option) => typeof option === 'number')
    .flatMap((option) => {
      const wanted: unknown = config[option];
      return typeof wanted === 'boolean' ? [[option, wanted] as [FuseV1Options, boolean]] : [];
    });
}
