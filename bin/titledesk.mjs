#!/usr/bin/env node
// The titledesk command. The CLI is TypeScript run by Node's own type stripping, so it needs a
// recent Node; `npx titledesk` and `npm run` use the project's Node 24 from node_modules.
const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 18)) {
  console.error(`titledesk needs Node 22.18 or newer (this is ${process.versions.node}); run it as "npx titledesk" inside the project.`);
  process.exit(2);
}
// Node keeps the compiled (and type-stripped) modules in its compile cache (os.tmpdir()/node-compile-cache,
// or NODE_COMPILE_CACHE; NODE_DISABLE_COMPILE_CACHE=1 turns it off): from the second call on, a
// command starts in about a third of the time, which scripts calling the CLI in a loop feel.
const { enableCompileCache } = await import('node:module');
enableCompileCache?.();
const { runCli } = await import('../electron/cli/main.ts');
process.exitCode = await runCli(process.argv.slice(2));
