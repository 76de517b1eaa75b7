// One desk of the race test, in its own process: connects as its own login, says "ready", waits
// for "go" on stdin, then begins purchases as fast as it can over a few titles and variables, several
// at once, releasing some (refused before the service accepted them) and settling the rest. Prints
// one JSON line of counts at the end. Run by Node itself: no test runner in between. With "groups"
// its begins of one scheduler turn go in one call (team-begin-group.ts), as a desk's do.
import { createInterface } from 'node:readline';
import { groupedBegins } from '../../../electron/core/team-desk/team-begin-group.ts';
import { TeamStore } from '../../../electron/core/team/team-store.ts';
import { parseTeamUrl } from '../../../electron/core/team/team-url.ts';

const [url = '', deskName = 'desk', attemptsText = '100', titlesText = '20', variablesText = '6', inFlightText = '4', mode = 'alone'] = process.argv.slice(2);
const attempts = Number(attemptsText);
const titles = Number(titlesText);
const variables = Number(variablesText);
const inFlight = Number(inFlightText);

/** A small deterministic generator per desk, so a failing run can be read again. */
let state = Array.from({ length: deskName.length }, (_unused, index) => deskName.charCodeAt(index)).reduce((hash, code) => (hash * 31 + code) >>> 0, 2_166_136_261);
function random(): number {
  state = (state * 1_664_525 + 1_013_904_223) >>> 0;
  return state / 2 ** 32;
}

const price = (index: number): string => `0.${String(index + 1).padStart(2, '0')}25`;
const grouped = groupedBegins((begins) => { counts.largestGroup = Math.max(counts.largestGroup, begins); });
const counts = { begun: 0, partly: 0, allHeld: 0, budgetRefused: 0, existing: 0, released: 0, settled: 0, failedAfterAccepted: 0, errors: 0, largestGroup: 0 };

async function attempt(store: TeamStore, number: number): Promise<void> {
  const title = `RACE${String(Math.floor(random() * titles))}`;
  const lines = [];
  for (let index = 0; index < variables; index += 1) {
    if (random() < 0.5) lines.push({ variable: `https://api.example/vars/Race/Set#V/${String(index)}`, price: price(index) });
  }
  if (lines.length === 0) lines.push({ variable: 'https://api.example/vars/Race/Set#V/0', price: price(0) });
  const input = { environment: 'live', localId: `${deskName}-${String(number)}`, resourceKind: 'title' as const, resource: title, lines, currency: 'GBP' };
  const result = mode === 'groups' ? await grouped(store, input) : await store.begin(input);
  if (result.outcome === 'all_held') counts.allHeld += 1;
  else if (result.outcome === 'budget_refused') counts.budgetRefused += 1;
  else if (result.outcome === 'existing') counts.existing += 1;
  else {
    counts.begun += 1;
    if (result.held.length > 0) counts.partly += 1;
    const roll = random();
    const purchaseId = result.purchase.purchaseId;
    // Some are refused before the service accepts them (money and claims back), a few fail after
    // it did (claims back, money kept), the rest are delivered and held for the reuse window.
    if (roll < 0.3) {
      await store.releaseUnaccepted(purchaseId, roll < 0.15 ? 'failed' : 'cancelled');
      counts.released += 1;
    } else if (roll < 0.4) {
      await store.recordMany([{ purchaseId, state: 'pending', accepted: true }, { purchaseId, state: 'failed' }]);
      counts.failedAfterAccepted += 1;
    } else {
      await store.record({ purchaseId, state: 'available', accepted: true, answers: { value: 'x' } });
      counts.settled += 1;
    }
  }
}

const store = await TeamStore.open(parseTeamUrl(url), { maxConnections: inFlight });
const lines = createInterface({ input: process.stdin });
process.stdout.write('ready\n');
await new Promise<void>((resolve) => lines.once('line', () => { resolve(); }));
const started = Date.now();
let next = 0;
await Promise.all(Array.from({ length: inFlight }, async () => {
  while (next < attempts) {
    const number = next;
    next += 1;
    try {
      await attempt(store, number);
    } catch (error) {
      counts.errors += 1;
      process.stderr.write(`${deskName} attempt ${String(number)}: ${error instanceof Error ? error.message : String(error)}\n`);
    }
  }
}));
process.stdout.write(`${JSON.stringify({ desk: deskName, ms: Date.now() - started, ...counts })}\n`);
lines.close();
await store.close();
