import { defineCatalogue } from './endpoint';
import { sessionEndpoints } from './endpoints-session';
import { staffEndpoints } from './endpoints-staff';
import {
  accountSessions,
  auth,
  banks,
  entries,
  events,
  ext,
  health,
  mailChange,
  news,
  password,
  postalCodes,
  preEntry,
  profile,
  register,
  schema,
  telemetry,
  uploads,
} from './groups';

/**
 * Every endpoint of the API, once (spec §7 plus ours); the session endpoints live in
 * endpoints-session.ts (the pages' shared runtime loads only those). The API registers exactly these routes
 * (a test fails on any route missing here or any entry not registered), the client calls them by
 * name, the mocks answer for them and `/api/schema/` documents them. Add an endpoint to its group (contracts/groups/) first.
 */
export const endpoints = defineCatalogue({
  health,
  schema,
  register,
  ...sessionEndpoints,
  auth,
  password,
  profile,
  accountSessions,
  mailChange,
  preEntry,
  entries,
  ext,
  banks,
  news,
  events,
  uploads,
  postalCodes,
  telemetry,
  ...staffEndpoints,
});

export type Endpoints = typeof endpoints;
