// `npm install` / `npm ci` postinstall: one bounded attempt at fetching the Electron runtime. It
// never fails the install: where the download host is unreachable it says in one line that
// `npm start` will use browser mode, and exits 0.
import { resolve } from 'node:path';
import { installElectron } from './electron-runtime.mjs';

const root = resolve(import.meta.dirname, '..');
try {
  const outcome = installElectron(root);
  if (!outcome.ok) {
    console.log(`TitleDesk: the Electron runtime could not be fetched (${outcome.reason}), so \`npm start\` will open browser mode; \`npm run electron:install\` tries again.`);
  }
} catch (error) {
  console.log(`TitleDesk: the Electron runtime could not be fetched (${String(error)}), so \`npm start\` will open browser mode; \`npm run electron:install\` tries again.`);
}
process.exitCode = 0;
