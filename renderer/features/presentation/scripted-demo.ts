import { useState } from 'react';
import type { CatalogVariable, TitleCatalog } from '../../../shared/catalog.ts';
import { useApi } from '../../api/api-context.tsx';
import { toAppError, type AppError } from '../../api/app-error.ts';
import { call } from '../../api/call.ts';
import { useCreatePurchaseMutation } from '../purchases/purchase-queries.ts';

/** Long enough for the audience to watch the service answer "not ready yet" more than once. */
export const demoDelaySeconds = 8;
export const demoVariableCount = 3;

/** The script: what has been prepared so far, one presenter step at a time. */
export type DemoStage =
  | { readonly step: 'intro' }
  | { readonly step: 'preparing' }
  | { readonly step: 'title'; readonly titleNumber: string; readonly variables: readonly CatalogVariable[] }
  | { readonly step: 'variables'; readonly titleNumber: string; readonly variables: readonly CatalogVariable[] }
  | { readonly step: 'diagram'; readonly purchaseId: string }
  | { readonly step: 'failed'; readonly error: AppError };

/**
 * Three variables from different parts of the catalog where it has them, so the values shown at
 * the end are varied; the catalog order keeps the choice the same from one demo to the next.
 */
export function chooseDemoVariables(catalog: TitleCatalog, count = demoVariableCount): CatalogVariable[] {
  const schemes = catalog.groups.flatMap((group) => group.schemes);
  const chosen: CatalogVariable[] = [];
  for (let round = 0; chosen.length < count; round += 1) {
    const picked = schemes.map((scheme) => scheme.variables[round]).filter((variable) => variable !== undefined);
    if (picked.length === 0) break;
    chosen.push(...picked.slice(0, count - chosen.length));
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

  async function buy(titleNumber: string, variables: readonly CatalogVariable[]): Promise<void> {
    const record = await create.mutateAsync({
      titleNumber,
      variables: variables.map((variable) => variable.iri),
      options: { minWaitSeconds: demoDelaySeconds },
    });
    setStage({ step: 'diagram', purchaseId: record.id });
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
