import { randomUUID } from 'node:crypto';

/** What a storage key may look like: lower-case letters, digits, `_`, `-`, and `/` between parts. */
const KEY = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)*$/;

export function isValidKey(key: string): boolean {
  return KEY.test(key);
}

/** The key itself, or an error: both adapters refuse the same keys. */
export function checkKey(key: string): string {
  if (!isValidKey(key)) throw new Error(`invalid storage key ${JSON.stringify(key)}`);
  return key;
}

/** An uploaded file's key: under its owner's id, random (the `uploads` row holds it). */
export function newUploadKey(userId: number): string {
  return `u/${userId}/${randomUUID()}`;
}

const UPLOAD_KEY = /^u\/\d+\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Whether the key has the shape of an uploaded file's key. The sweep removes only such objects,
 * so a bucket shared by mistake does not lose anything the API did not write.
 */
export function isUploadKey(key: string): boolean {
  return UPLOAD_KEY.test(key);
}
