import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '../env';
import { createStorage } from './create';
import { LocalStorage } from './local';
import { S3Storage } from './s3';

// The storage variables of env.ts, and the storage they make.

const errorOf = (vars: Record<string, string>): string => {
  try {
    loadEnv(vars);
  } catch (error) {
    if (error instanceof EnvError) return error.message;
    throw error;
  }
  throw new Error('no EnvError');
};

describe('storage from the environment', () => {
  it('by default: the local directory DATA_DIR/uploads', () => {
    const env = loadEnv({ DATA_DIR: '/srv/data' });
    expect(env.STORAGE).toBeUndefined();
    const storage = createStorage(env);
    expect(storage).toBeInstanceOf(LocalStorage);
    expect(storage.description).toBe(`local directory ${path.join('/srv/data', 'uploads')}`);
    expect(createStorage(loadEnv({ DATA_DIR: '/srv/data', STORAGE: 'local', S3_BUCKET: 'ignored' }))).toBeInstanceOf(LocalStorage);
  });

  it('STORAGE=s3 without a bucket stops at start, naming the variable', () => {
    expect(errorOf({ STORAGE: 's3' })).toBe('Invalid environment variables:\n  S3_BUCKET="": required when STORAGE=s3');
    expect(errorOf({ STORAGE: 's3', S3_BUCKET: '' })).toContain('S3_BUCKET="": required when STORAGE=s3');
  });

  it.each([
    [{ STORAGE: 'gcs' }, 'STORAGE="gcs"'],
    [{ STORAGE: 's3', S3_BUCKET: 'Not_A_Bucket' }, 'S3_BUCKET="Not_A_Bucket": must be a bucket name'],
    [{ S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT="minio:9000": must be an http:// or https:// URL'],
    [{ S3_FORCE_PATH_STYLE: 'maybe' }, 'S3_FORCE_PATH_STYLE="maybe": must be true or false'],
  ])('refuses %j', (vars, message) => {
    expect(errorOf(vars)).toContain(message);
  });

  it('an access key without its secret (or the reverse) is refused, and the secret is never shown', () => {
    expect(errorOf({ STORAGE: 's3', S3_BUCKET: 'b-1', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE' })).toContain(
      'S3_SECRET_ACCESS_KEY="": set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither',
    );
    const message = errorOf({ STORAGE: 's3', S3_BUCKET: 'b-1', S3_SECRET_ACCESS_KEY: 'very-secret' });
    expect(message).toContain('S3_ACCESS_KEY_ID="": set both');
    expect(message).not.toContain('very-secret');
  });

  it('an S3-compatible service: endpoint, path style, keys, prefix; us-east-1 when no region is given', async () => {
    const env = loadEnv({
      STORAGE: 's3',
      S3_BUCKET: 'factoring-uploads',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'minioadmin',
      S3_SECRET_ACCESS_KEY: 'minioadmin-secret',
      S3_PREFIX: '/prod/uploads/',
    });
    const storage = createStorage(env);
    expect(storage).toBeInstanceOf(S3Storage);
    const s3 = storage as S3Storage;
    expect(s3.description).toBe('S3 bucket factoring-uploads under prod/uploads/ at http://127.0.0.1:9000');
    expect(s3.prefix).toBe('prod/uploads/');
    expect(s3.client.config.forcePathStyle).toBe(true);
    expect(await s3.client.config.region()).toBe('us-east-1');
    expect(await s3.client.config.credentials()).toMatchObject({ accessKeyId: 'minioadmin', secretAccessKey: 'minioadmin-secret' });
    s3.client.destroy();
  });

  it('AWS S3: the region given, virtual-hosted style, the SDK’s own credentials', async () => {
    const s3 = createStorage(
      loadEnv({ STORAGE: 's3', S3_BUCKET: 'factoring-uploads', S3_REGION: 'ap-northeast-1', S3_FORCE_PATH_STYLE: 'false' }),
    ) as S3Storage;
    expect(s3.description).toBe('S3 bucket factoring-uploads at AWS ap-northeast-1');
    expect(s3.prefix).toBe('');
    expect(s3.client.config.forcePathStyle).toBe(false);
    expect(await s3.client.config.region()).toBe('ap-northeast-1');
    s3.client.destroy();
  });
});
