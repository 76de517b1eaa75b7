// Runs the sandbox on its own, without the titledesk CLI: `node electron/sandbox/main.ts --print-config`.
import { runSandboxCommand } from './command.ts';

process.exitCode = await runSandboxCommand(process.argv.slice(2));
