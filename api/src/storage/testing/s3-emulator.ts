import fs from 'node:fs';
import path from 'node:path';
import S3rver, { type KoaContext, type KoaMiddleware } from '@20minutes/s3rver';
import { makeTempDir, removeDir } from '../../test/support';
import { S3Storage, type S3StorageOptions } from '../s3';

/**
 * An S3 server in the test process: @20minutes/s3rver (objects as files in a temporary
 * directory) on a free port of 127.0.0.1, with one bucket, spoken to path-style like MinIO.
 *
 * What s3rver lacks or gets wrong is mended here, in a middleware in front of its routes:
 * - AbortMultipartUpload and ListMultipartUploads are not implemented: they are added (s3rver
 *   keeps a multipart upload's parts in `<bucket>/._S3rver_uploads/<id>/`, which these read and
 *   remove; no paging);
 * - ListObjectsV2's continuation tokens are DES-encrypted, which Node's OpenSSL 3 refuses: a V2
 *   listing is answered by s3rver's V1 listing (marker = the last key) with plain tokens;
 * - it computes the signature of bucket-level requests over `/bucket` where the SDK signs
 *   `/bucket/`: signatures are not checked.
 */
export interface S3Emulator {
  readonly endpoint: string;
  readonly bucket: string;
  /** An S3Storage on the emulator's bucket. */
  storage(options?: Partial<S3StorageOptions>): S3Storage;
  /** Multipart uploads started and neither completed nor aborted, by key. */
  pendingUploads(): string[];
  /** Makes the object (its full key, prefix included) `ms` older: its LastModified is its file's mtime. */
  backdate(key: string, ms: number): void;
  close(): Promise<void>;
}

const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export async function startS3Emulator(bucket = 'uploads-test'): Promise<S3Emulator> {
  const directory = makeTempDir('s3rver');
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    vhostBuckets: false,
    allowMismatchedSignatures: true,
    configureBuckets: [{ name: bucket }],
  });
  const uploadsDir = path.join(directory, bucket, '._S3rver_uploads');
  server.middleware.splice(-1, 0, mended(bucket, uploadsDir)); // just before the routes
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const storages: S3Storage[] = [];
  return {
    endpoint,
    bucket,
    storage(options = {}) {
      const storage = new S3Storage({ bucket, endpoint, region: 'us-east-1', forcePathStyle: true, credentials: CREDENTIALS, ...options });
      storages.push(storage);
      return storage;
    },
    pendingUploads: () => uploadsIn(uploadsDir).map((upload) => upload.key),
    backdate(key, ms) {
      const file = path.join(directory, bucket, `${key}._S3rver_object`);
      const when = new Date(fs.statSync(file).mtimeMs - ms);
      fs.utimesSync(file, when, when);
    },
    async close() {
      for (const storage of storages) storage.client.destroy();
      await server.close();
      removeDir(directory);
    },
  };
}

interface PendingUpload {
  readonly id: string;
  readonly key: string;
  readonly initiated: Date;
}

function uploadsIn(uploadsDir: string): PendingUpload[] {
  if (!fs.existsSync(uploadsDir)) return [];
  return fs.readdirSync(uploadsDir).flatMap((id) => {
    const keyFile = path.join(uploadsDir, id, 'key');
    if (!fs.existsSync(keyFile)) return [];
    return [{ id, key: fs.readFileSync(keyFile, 'utf8'), initiated: fs.statSync(keyFile).mtime }];
  });
}

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function s3Error(ctx: KoaContext, status: number, code: string, message: string): void {
  ctx.status = status;
  ctx.type = 'application/xml';
  ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${xml(message)}</Message></Error>`;
}

const token = (key: string) => Buffer.from(key).toString('base64url');
const keyOfToken = (text: string) => Buffer.from(text, 'base64url').toString();

interface ListBucketResult {
  ListBucketResult?: Record<string, unknown> & { Contents?: { Key: string }[]; IsTruncated?: boolean };
}

function mended(bucket: string, uploadsDir: string): KoaMiddleware {
  return async (ctx, next) => {
    const segments = ctx.path.split('/').slice(1).map(decodeURIComponent);
    if (segments[0] !== bucket) return next();
    const key = segments.slice(1).join('/');
    const uploadId = ctx.query.uploadId;

    if (ctx.method === 'DELETE' && typeof uploadId === 'string' && key !== '') {
      const upload = uploadsIn(uploadsDir).find((u) => u.id === uploadId && u.key === key);
      if (upload === undefined) return s3Error(ctx, 404, 'NoSuchUpload', 'The specified upload does not exist.');
      fs.rmSync(path.join(uploadsDir, upload.id), { recursive: true, force: true });
      ctx.status = 204;
      return;
    }

    if (ctx.method === 'GET' && 'uploads' in ctx.query && key === '') {
      const prefix = typeof ctx.query.prefix === 'string' ? ctx.query.prefix : '';
      const uploads = uploadsIn(uploadsDir)
        .filter((upload) => upload.key.startsWith(prefix))
        .sort((a, b) => (a.key === b.key ? a.id.localeCompare(b.id) : a.key < b.key ? -1 : 1))
        .map(
          (upload) =>
            `<Upload><Key>${xml(upload.key)}</Key><UploadId>${upload.id}</UploadId><Initiated>${upload.initiated.toISOString()}</Initiated><StorageClass>STANDARD</StorageClass></Upload>`,
        );
      ctx.status = 200;
      ctx.type = 'application/xml';
      ctx.body =
        '<?xml version="1.0" encoding="UTF-8"?>\n' +
        '<ListMultipartUploadsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
        `<Bucket>${xml(bucket)}</Bucket><KeyMarker></KeyMarker><UploadIdMarker></UploadIdMarker><Prefix>${xml(prefix)}</Prefix>` +
        `<MaxUploads>1000</MaxUploads><IsTruncated>false</IsTruncated>${uploads.join('')}</ListMultipartUploadsResult>`;
      return;
    }

    if (ctx.method === 'GET' && ctx.query['list-type'] === '2' && key === '') {
      const { 'list-type': _v2, 'continuation-token': continuation, 'start-after': startAfter, ...rest } = ctx.query;
      const marker = typeof continuation === 'string' ? keyOfToken(continuation) : startAfter;
      ctx.query = { ...rest, ...(marker === undefined ? {} : { marker }) };
      await next();
      const result = (ctx.body as ListBucketResult | undefined)?.ListBucketResult;
      if (result === undefined) return;
      const contents = result.Contents ?? [];
      const last = contents.at(-1)?.Key;
      delete result.Marker;
      delete result.NextMarker;
      for (const object of contents as Record<string, unknown>[]) delete object.Owner;
      Object.assign(result, {
        ContinuationToken: continuation,
        NextContinuationToken: result.IsTruncated === true && last !== undefined ? token(last) : undefined,
        KeyCount: contents.length,
      });
      return;
    }

    return next();
  };
}
