import { runSandboxCommand } from '../sandbox/command.ts';
import { runAddressCommand } from './commands/address.ts';
import { runCatalogCommand } from './commands/catalog.ts';
import { runCheckCommand } from './commands/check.ts';
import { runHistoryCommand } from './commands/history.ts';
import { runPurchaseCommand } from './commands/purchase.ts';
import { runReportCommand } from './commands/report.ts';
import { runTokenCommand } from './commands/token.ts';
import { runWebCommand } from '../web/command.ts';
import { exitCodes } from './exit-codes.ts';

type Command = (argv: string[]) => Promise<number>;

const commands: Readonly<Record<string, Command>> = {
  purchase: runPurchaseCommand,
  check: runCheckCommand,
  catalog: runCatalogCommand,
  address: runAddressCommand,
  history: runHistoryCommand,
  report: runReportCommand,
  token: runTokenCommand,
  sandbox: runSandboxCommand,
  web: runWebCommand,
};

const usage = `Usage: titledesk <command> [options]

Commands:
  purchase --title T --var IRI [--var IRI …] [--fire-and-forget] [--min-wait S]
                                        buy variables of a title and follow the purchase
  check <purchase-id|url> [--wait]      look a purchase up (and follow it until done)
  catalog --title T                     the variables of a title, with prices
  address find <text> [--container ID]  address suggestions from the address provider
  address retrieve <id>                 an address with its UDPRN, UMRRN, UPRN and titles
  address test-key [--retrieve ID]      check the address provider key with one Find
  history [--title T] [--status S]      purchases in the journal, newest first
  report --title T [--older]            every value bought for a title, latest first
  token [--test]                        sign in and show the mode and token expiry
                                        (--test: each step with its result and time)
  web [--port N] [--no-open]            open TitleDesk in the browser (no Electron needed)
  sandbox [--port N] [--print-config]   run the built-in Data Purchase Service sandbox

Every command but sandbox and web takes --json, --base-url URL and --data-dir DIR.
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
