// One fresh database per suite on the team test server, dropped at the end, so suites never see
// each other's teams. Desk login roles are cluster-wide: names carry a random suffix.
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { inject } from 'vitest';

export const teamServerUrl = inject('teamServerUrl');
/** The suite title when PostgreSQL is absent: the reason shows in the skipped count's name. */
export const teamSkipReason = inject('teamSkipReason');
export const teamServerMissing = teamServerUrl === '';

export function suffix(): string {
  return randomBytes(4).toString('hex');
}

export function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export function asLogin(databaseUrl: string, user: string, password: string): string {
  const url = new URL(databaseUrl);
  url.username = user;
  url.password = password;
  return url.toString();
}

export interface TestDatabase {
  readonly url: string;
  readonly name: string;
  readonly drop: () => Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `td_test_${suffix()}`;
  const server = postgres(teamServerUrl, { max: 1, onnotice: () => undefined });
  try {
    await server.unsafe(`CREATE DATABASE ${name}`);
  } finally {
    await server.end();
  }
  return {
    url: withDatabase(teamServerUrl, name),
    name,
    async drop() {
      const admin = postgres(teamServerUrl, { max: 1, onnotice: () => undefined });
      try {
        await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await admin.end();
      }
    },
  };
}
