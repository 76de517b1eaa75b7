import { runSandboxCommand } from '../sandbox/command.ts';
import { runWebCommand } from '../web/command.ts';
import { exitCodes } from './exit-codes.ts';

type Command = (argv: string[]) => Promise<number>;

const commands: Readonly<Record<string, Command>> = {
  sandbox: runSandboxCommand,
  web: runWebCommand,
};

const usage = `Usage: titledesk <command> [options]

Commands:
  web [--port N] [--no-open]            open TitleDesk in the browser (no Electron needed)
  sandbox [--port N] [--print-config]   run the built-in Data Purchase Service sandbox

Run "titledesk <command> --help" for a command's options.`;

/** Dispatches to a command and returns the process exit code. */
export async function runCli(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(`${usage}\n`);
    return name === undefined ? exitCodes.usage : exitCodes.ok;
  }
  const command = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (command === undefined) {
    process.stderr.write(`titledesk: unknown command "${name}"\n${usage}\n`);
    return exitCodes.usage;
  }
  return command(rest);
}
