import path from 'node:path';
import type { Env } from '../env';
import { LocalStorage } from './local';
import { S3Storage } from './s3';
import type { ObjectStorage } from './storage';

export type StorageEnv = Pick<
  Env,
  | 'DATA_DIR'
  | 'STORAGE'
  | 'S3_BUCKET'
  | 'S3_REGION'
  | 'S3_ENDPOINT'
  | 'S3_FORCE_PATH_STYLE'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_PREFIX'
>;

/** The storage the environment asks for: DATA_DIR/uploads unless STORAGE=s3. */
export function createStorage(env: StorageEnv): ObjectStorage {
  if (env.STORAGE !== 's3') return new LocalStorage(path.join(env.DATA_DIR, 'uploads'));
  // env.ts has checked that the bucket is there; this is for a hand-made record.
  if (env.S3_BUCKET === undefined) throw new Error('STORAGE=s3 needs S3_BUCKET');
  return new S3Storage({
    bucket: env.S3_BUCKET,
    // A custom endpoint still needs a region to sign with: us-east-1 suits MinIO and R2 alike.
    region: env.S3_REGION ?? (env.S3_ENDPOINT === undefined ? undefined : 'us-east-1'),
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    credentials:
      env.S3_ACCESS_KEY_ID !== undefined && env.S3_SECRET_ACCESS_KEY !== undefined
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
    prefix: env.S3_PREFIX,
  });
}
