/**
 * The current time, passed in. Services never read the system clock themselves, so tests can
 * move time forward (token expiry, session expiry, throttling windows).
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
