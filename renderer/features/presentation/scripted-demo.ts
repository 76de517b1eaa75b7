import { useState } from 'react';
import type { CatalogVariable, TitleCatalog } from '../../../shared/catalog/catalog.ts';
import { useApi } from '../../api/api-context.tsx';
import { toAppError, type AppError } from '../../api/app-error.ts';
import { call } from '../../api/call.ts';
import { useCreatePurchaseMutation } from '../purchases/purchase-queries.ts';

/** Long enough for the audience to watch the service answer "not ready yet" more than once. */
export const demoDelaySeconds = 8;
export const demoVariableCount = 4;

/** A variable bought in the demo, with the name a room of non-specialists reads on the slide. */
export interface DemoVariable extends CatalogVariable {
  readonly plainName: string;
}

/**
 * What a stakeholder understands without explanation, in the order shown: the first catalog
 * variable whose name matches each (the Sandbox's catalog has them all; a real catalog may name
 * them differently, and whatever is missing is made up from the rest of the catalog).
 */
const audienceChoices: readonly { readonly plainName: string; readonly name: RegExp }[] = [
  { plainName: 'Bedrooms', name: /^bedroom count/i },
  { plainName: 'Energy rating', name: /^current energy rating$/i },
  { plainName: 'Estimated value', name: /^estimated (sale )?value/i },
  { plainName: 'Flood risk', name: /flood risk|^flood zone$/i },
];

/** The script: what has been prepared so far, one presenter step at a time. */
export type DemoStage =
  | { readonly step: 'intro' }
  | { readonly step: 'preparing' }
  | { readonly step: 'title'; readonly titleNumber: string; readonly variables: readonly DemoVariable[] }
  | { readonly step: 'variables'; readonly titleNumber: string; readonly variables: readonly DemoVariable[] }
  | { readonly step: 'diagram'; readonly purchaseId: string; readonly variables: readonly DemoVariable[] }
  | { readonly step: 'failed'; readonly error: AppError };

/**
 * The variables of audienceChoices the catalog offers, then (where it lacks some) others from
 * different parts of the catalog, so the values shown at the end are varied; the catalog order
 * keeps the choice the same from one demo to the next.
 */
export function chooseDemoVariables(catalog: Pick<TitleCatalog, 'groups'>, count = demoVariableCount): DemoVariable[] {
  const all = catalog.groups.flatMap((group) => group.schemes.flatMap((scheme) => scheme.variables));
  const chosen: DemoVariable[] = [];
  for (const choice of audienceChoices) {
    const found = all.find((variable) => choice.name.test(variable.name));
    if (found !== undefined && chosen.length < count) chosen.push({ ...found, plainName: choice.plainName });
  }
  const schemes = catalog.groups.flatMap((group) => group.schemes);
  for (let round = 0; chosen.length < count; round += 1) {
    const picked = schemes.map((scheme) => scheme.variables[round]).filter((variable) => variable !== undefined);
    if (picked.length === 0) break;
    const fresh = picked.filter((variable) => !chosen.some((taken) => taken.iri === variable.iri));
    chosen.push(...fresh.slice(0, count - chosen.length).map((variable) => ({ ...variable, plainName: variable.name })));
  }
  return chosen;
}

/** Start (test title and its catalog), next (the variables, then the purchase), restart. */
export function useScriptedDemo(testTitles: readonly string[]) {
  const api = useApi();
  const create = useCreatePurchaseMutation();
  const [stage, setStage] = useState<DemoStage>({ step: 'intro' });

  async function prepare(): Promise<void> {
    const titleNumber = testTitles[0];
    if (titleNumber === undefined) throw new Error('The Sandbox has no test title to buy from.');
    const catalog = await call(api, 'catalog:get', { titleNumber });
    const variables = chooseDemoVariables(catalog);
    if (variables.length === 0) throw new Error(`The catalog of ${titleNumber} offers nothing to buy.`);
    setStage({ step: 'title', titleNumber, variables });
  }

  async function buy(titleNumber: string, variables: readonly DemoVariable[]): Promise<void> {
    const record = await create.mutateAsync({
      resource: { kind: 'title', key: titleNumber },
      variables: variables.map((variable) => variable.iri),
      options: { minWaitSeconds: demoDelaySeconds },
      // Every run of the demo shows the whole exchange: an earlier purchase is not reused here.
      buyAgain: true,
    });
    setStage({ step: 'diagram', purchaseId: record.id, variables });
  }

  function run(work: () => Promise<void>): void {
    work().catch((error: unknown) => { setStage({ step: 'failed', error: toAppError(error) }); });
  }

  function start(): void {
    if (stage.step === 'preparing') return;
    setStage({ step: 'preparing' });
    run(prepare);
  }

  /** Moves the script on; returns false when there is nothing further to prepare. */
  function next(): boolean {
    if (stage.step === 'intro' || stage.step === 'failed') start();
    else if (stage.step === 'title') setStage({ ...stage, step: 'variables' });
    else if (stage.step === 'variables') {
      setStage({ step: 'preparing' });
      run(() => buy(stage.titleNumber, stage.variables));
    } else return false;
    return true;
  }

  return { stage, start, next };
}
