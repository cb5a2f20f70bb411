import type { Me, MeResponse } from './me';

/**
 * Whether a `POST /api/me/` answer is a logged-in user (it has an id and a version). A module of
 * its own, without zod: the auth store in the core (which every page loads) reads it too.
 */
export const isLoggedInMe = (me: MeResponse): me is Me => 'id' in me && 'version' in me;
