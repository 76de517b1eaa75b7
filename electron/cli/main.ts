import { endOutputQuietlyOnClosedPipe, exitCodeAfterOutput, keepGoingWhenLogWritesFail } from './closed-pipe.ts';
import { pastedPurchaseReference } from '../../shared/purchase/pasted-reference.ts';
import { exitCodes } from './exit-codes.ts';

type Command = (argv: string[]) => Promise<number>;

/**
 * Each command is loaded only when it runs: `--help` needs none of them, and `check` needs
 * neither the web host nor the renderer's server. Start-up time is what a script calling the
 * CLI in a loop pays on every call.
 */
const commands: Readonly<Record<string, () => Promise<Command>>> = {
  purchase: async () => (await import('./commands/purchase.ts')).runPurchaseCommand,
  batch: async () => (await import('./commands/batch.ts')).runBatchCommand,
  check: async () => (await import('./commands/check.ts')).runCheckCommand,
  send: async () => (await import('./commands/send.ts')).runSendCommand,
  resolve: async () => (await import('./commands/resolve.ts')).runResolveCommand,
  catalog: async () => (await import('./commands/catalog.ts')).runCatalogCommand,
  address: async () => (await import('./commands/address.ts')).runAddressCommand,
  history: async () => (await import('./commands/history.ts')).runHistoryCommand,
  report: async () => (await import('./commands/report.ts')).runReportCommand,
  export: async () => (await import('./commands/transfer.ts')).runExportCommand,
  import: async () => (await import('./commands/transfer.ts')).runImportCommand,
  token: async () => (await import('./commands/token.ts')).runTokenCommand,
  env: async () => (await import('./commands/env.ts')).runEnvCommand,
  team: async () => (await import('./commands/team/index.ts')).runTeamCommand,
  sandbox: async () => (await import('../sandbox/command.ts')).runSandboxCommand,
  web: async () => (await import('../web/command.ts')).runWebCommand,
};

const usage = `Usage: titledesk <command> [options]

Commands:
  purchase --title T --var IRI [--var IRI …] [--fire-and-forget] [--min-wait S]
                                        buy variables of a title and follow the purchase
  batch <file.csv> (--var IRI … | --preset NAME) [--dry-run] / batch --resume [ID]
                                        buy the same variables for every row of a CSV file
  check <purchase-id|url> [--wait] [--keep]
                                        look a purchase up (and follow it until done);
                                        "titledesk <purchase-id|url>" alone does the same
  send <id> | --all                     send a purchase that was never sent
  resolve <id> --buy-again|--abandon    decide about a purchase whose outcome is unknown
  catalog --title T                     the variables of a title, with prices
  address find <text> [--container ID]  address suggestions from the address provider
  address retrieve <id>                 an address with its UDPRN, UMRRN, UPRN and titles
  address test-key [--retrieve ID]      check the address provider key with one Find
  history [--title T] [--status S]      purchases in the journal, newest first
  export <file>                         the whole history, with results, in one JSON file
  import <file>                         add an export's purchases (never sent from here)
  report --title T [--older]            every value bought for a title, latest first
  token [--test]                        sign in and show the mode and token expiry
                                        (--test: each step with its result and time)
  env                                   the service, data folder and credentials a command
                                        would use (never a secret; nothing is sent)
  team setup|add-desk|migrate           a team's shared database on PostgreSQL (admin only;
                                        see docs/team.md)
  team status                           this desk's team database, desk and whether it answers
  team show|budget|settings|desk|release
                                        the team's settings, limits, desks and waiting
                                        purchases, changed as this desk's role allows
  web [--port N] [--no-open]            open TitleDesk in the browser (no Electron needed)
  sandbox [--port N] [--print-config]   run the built-in Data Purchase Service sandbox

Every command but sandbox, web and team takes --json, --base-url URL and --data-dir DIR.
Run "titledesk <command> --help" for a command's options.

Environment variables (an empty one counts as not set):
  TITLEDESK_BASE_URL      the service; without it (or --base-url) the built-in sandbox
                          answers, and knows only purchases made during that command
  TITLEDESK_DATA_DIR      the data folder with the purchase journal (or --data-dir)
  WF_CLIENT_ID, WF_CLIENT_SECRET
                          machine mode credentials
  WF_REFRESH_TOKEN, WF_DEVELOPER_CLIENT_ID
                          developer mode credentials
  LOQATE_KEY, TITLEDESK_FIND_URL, TITLEDESK_RETRIEVE_URL
                          the address provider
  TITLEDESK_ENVIRONMENT_KIND
                          live, staging or local (named in the status line)
  TITLEDESK_TEAM_DATABASE_URL, TITLEDESK_TEAM_PASSWORD, TITLEDESK_TEAM_CA_FILE
                          the team database (else the app's Settings → Team)
"titledesk env" says which of them a command would use.`;

/** Dispatches to a command and returns the process exit code. */
export async function runCli(argv: string[]): Promise<number> {
  endOutputQuietlyOnClosedPipe(process.stdout);
  keepGoingWhenLogWritesFail(process.stderr);
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(`${usage}\n`);
    return name === undefined ? exitCodes.usage : exitCodes.ok;
  }
  const load = Object.hasOwn(commands, name) ? commands[name] : undefined;
  // A purchase ID or result URL alone is a support call's check: `titledesk <id>` saves typing "check".
  const reference = load === undefined ? pastedPurchaseReference(name) : undefined;
  if (reference !== undefined) return runCli(['check', reference, ...rest]);
  if (load === undefined) {
    process.stderr.write(`titledesk: unknown command "${name}"\n${usage}\n`);
    return exitCodes.usage;
  }
  const command = await load();
  return exitCodeAfterOutput(process.stdout, await command(rest), exitCodes.dataDir);
}
