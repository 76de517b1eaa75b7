// Finds a Chromium for the browser tests: an explicit TITLEDESK_CHROMIUM, Playwright's own
// download if one exists, or a system Chromium. Returns undefined when there is none.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const systemCandidates = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

function playwrightChromium() {
  try {
    const require = createRequire(import.meta.url);
    const { chromium } = require('playwright-core');
    const path = chromium.executablePath();
    return existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

export function findChromium() {
  const explicit = process.env.TITLEDESK_CHROMIUM;
  if (explicit) return existsSync(explicit) ? explicit : undefined;
  return playwrightChromium() ?? systemCandidates.find((path) => existsSync(path));
}
