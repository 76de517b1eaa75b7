// The team suites' server: TITLEDESK_TEST_DATABASE_URL when set (a role that may create databases
// and roles), else a throw-away cluster started here and stopped when the run ends. Where neither
// exists the suites see an empty URL and report themselves skipped, never passed.
import type { TestProject } from 'vitest/node';
import { findPostgresBin, startThrowawayCluster, type RunningCluster } from './pg-cluster.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    teamServerUrl: string;
    teamSkipReason: string;
  }
}

let cluster: RunningCluster | undefined;

export default async function setup(project: TestProject): Promise<() => void> {
  const given = process.env['TITLEDESK_TEST_DATABASE_URL'];
  if (given !== undefined && given !== '') {
    project.provide('teamServerUrl', given);
    project.provide('teamSkipReason', '');
    return () => undefined;
  }
  const found = findPostgresBin();
  if ('missing' in found) {
    project.provide('teamServerUrl', '');
    project.provide('teamSkipReason', found.missing);
    return () => undefined;
  }
  cluster = await startThrowawayCluster(found.bin);
  project.provide('teamServerUrl', cluster.url);
  project.provide('teamSkipReason', '');
  return () => cluster?.stop();
}
