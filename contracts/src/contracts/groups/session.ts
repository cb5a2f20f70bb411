import { sessionEndpoints } from '../endpoints-session';

/** The session's own groups (endpoints-session.ts: what the pages' shared runtime loads). */
export const { me, systemSettings } = sessionEndpoints;
