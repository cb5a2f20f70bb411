import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { EMBEDDED_APP_ROLE, EMBEDDED_DATABASE_NAME, startDatabase } from '../db/database';
import { startEmbeddedPostgres } from '../db/embedded';
import { migrate } from '../db/migrate';
import { makeTempDir, removeDir } from './support';

/**
 * One embedded PostgreSQL for a whole vitest run of the API tests (the api project's globalSetup),
 * instead of one per test file. It is initialised and migrated once; its migrated `app` database
 * is the template each startTestApi() copies into a database of its own (CREATE DATABASE …
 * TEMPLATE, a fraction of a second), so every test file still starts from an empty, fully migrated
 * database, reached through the same two roles as the API (the owner for migrations, the `app`
 * role for every query). initdb, the start and the migrations, which cost seconds per file, run
 * once. The embedded start itself stays tested where it is the subject (db/database.test.ts,
 * fault/postgres.test.ts, server.test.ts start their own).
 *
 * The cluster's address reaches the test workers in API_TEST_POSTGRES (started workers inherit the
 * environment); without it (the bench scripts, a test run outside vitest) startTestApi starts an
 * embedded PostgreSQL of its own, as before.
 */
export const CLUSTER_ENV = 'API_TEST_POSTGRES';

export interface SharedCluster {
  readonly host: string;
  readonly port: number;
  readonly user: string;
  readonly password: string;
  readonly appRole: string;
  readonly appPassword: string;
  /** The migrated database each test database is copied from. */
  readonly template: string;
}

export function sharedCluster(): SharedCluster | undefined {
  const value = process.env[CLUSTER_ENV];
  return value ? (JSON.parse(value) as SharedCluster) : undefined;
}

export function clusterUrl(cluster: SharedCluster, role: 'owner' | 'app', database: string): string {
  const [user, password] = role === 'owner' ? [cluster.user, cluster.password] : [cluster.appRole, cluster.appPassword];
  return `postgres://${encodeURIComponent(user)}:${encodeURIComponent(password)}@${cluster.host}:${cluster.port}/${database}`;
}

let created = 0;

/** A new database copied from the migrated template; dropDatabase() removes it. */
export async function createTestDatabase(cluster: SharedCluster): Promise<string> {
  const name = `test_${process.pid}_${++created}`;
  await onMaintenanceDatabase(cluster, async (client) => {
    await client.query(`create database ${client.escapeIdentifier(name)} template ${client.escapeIdentifier(cluster.template)}`);
  });
  return name;
}

export async function dropTestDatabase(cluster: SharedCluster, name: string): Promise<void> {
  await onMaintenanceDatabase(cluster, async (client) => {
    await client.query(`drop database if exists ${client.escapeIdentifier(name)} with (force)`);
  });
}

async function onMaintenanceDatabase(cluster: SharedCluster, work: (client: pg.Client) => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString: clusterUrl(cluster, 'owner', 'postgres') });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

/** vitest globalSetup: start the cluster, migrate the template, and stop it all at the end. */
export default async function setup(): Promise<() => Promise<void>> {
  const log = (line: string) => console.error(`[test postgres] ${line}`);
  const dataDir = makeTempDir('api-test-cluster');
  // First start: initdb, the `app` database and role, the migrations (as startTestApi did per file).
  const first = await startDatabase({ dataDir, log });
  try {
    await migrate(first);
  } finally {
    await first.stop();
  }
  // Started again with nobody connected to `app`, so that it can serve as a template.
  const cluster = await startEmbeddedPostgres({
    pgDir: path.join(dataDir, 'postgres'),
    passwordFile: path.join(dataDir, 'postgres-password'),
    database: EMBEDDED_DATABASE_NAME,
    log,
  });
  const shared: SharedCluster = {
    host: cluster.host,
    port: cluster.port,
    user: cluster.user,
    password: cluster.password,
    appRole: EMBEDDED_APP_ROLE,
    appPassword: fs.readFileSync(path.join(dataDir, 'postgres-app-password'), 'utf8').trim(),
    template: EMBEDDED_DATABASE_NAME,
  };
  process.env[CLUSTER_ENV] = JSON.stringify(shared);
  return async () => {
    delete process.env[CLUSTER_ENV];
    await cluster.stop();
    removeDir(dataDir);
  };
}
