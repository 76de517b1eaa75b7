/**
 * Size budget of the desktop main bundle: dist-electron/main.js with what it imports at start (a
 * small runtime its chunks share). Checked by npm run package:check and the unit suite, so growth
 * is never silent; each raise and its measurements: docs/decisions/001-main-bundle-size.md.
 */
export const mainBundleBudgetBytes = 680_000;
