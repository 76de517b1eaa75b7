import { environmentKindOf, type Environment } from './environment.ts';

/**
 * How a property report names where its data came from: on screen, at the top of every printed
 * page, in the PDF (the app), and on the first line of `titledesk report`.
 */
export interface ReportEnvironment {
  /** "Sandbox: simulated data"; for a Live environment, its name. */
  readonly headline: string;
  /** The environment's name and host: "Sandbox (127.0.0.1:4010)". */
  readonly where: string;
  /** One line for every page: the headline with the environment's name and host. */
  readonly pageLine: string;
  /** Sandbox and test services are marked; Live is named, plainly. */
  readonly marked: boolean;
}

/** shared/ has neither the DOM's nor Node's URL: the host is read from the (already validated) URL text. */
function hostOf(baseUrl: string): string {
  return /^https?:\/\/(?:[^@/]*@)?([^/?#]+)/i.exec(baseUrl)?.[1] ?? baseUrl;
}

export function reportEnvironment(environment: Environment | undefined, environmentId: string): ReportEnvironment {
  if (environment === undefined) {
    const where = `${environmentId} (not among this TitleDesk's environments)`;
    return { headline: 'Environment not known', where, pageLine: `Environment not known · ${where}`, marked: true };
  }
  const where = `${environment.name} (${hostOf(environment.baseUrl)})`;
  switch (environmentKindOf(environment)) {
    case 'sandbox':
      return { headline: 'Sandbox: simulated data', where, pageLine: `Sandbox: simulated data, not a real property report · ${where}`, marked: true };
    case 'staging':
    case 'local':
      return { headline: 'Test service: test data', where, pageLine: `Test service: test data, not a real property report · ${where}`, marked: true };
    case 'live':
      return { headline: `Data from ${environment.name}`, where, pageLine: `Data from ${where}`, marked: false };
  }
}
