import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  type CompletedPart,
} from '@aws-sdk/client-s3';
import { checkKey, isValidKey } from './keys';
import type { ListedObject, ObjectStorage, StoredObject } from './storage';

/**
 * Bytes per part of a multipart upload: S3's minimum (every part but the last must be at least
 * this), so that an upload holds as little as possible in memory. Parts are all the same size, as
 * R2 requires. A smaller object goes in one PutObject.
 */
export const PART_SIZE = 5 * 1024 * 1024;

export interface S3StorageOptions {
  readonly bucket: string;
  /** Unset: the AWS SDK's own (AWS_REGION, the profile). R2: `auto`; MinIO: any, e.g. `us-east-1`. */
  readonly region?: string;
  /** An S3-compatible service's URL (R2, MinIO); unset: AWS S3. */
  readonly endpoint?: string;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (MinIO). */
  readonly forcePathStyle?: boolean;
  /** Unset: the AWS SDK's default credential chain (AWS_* variables, profile, instance role…). */
  readonly credentials?: { readonly accessKeyId: string; readonly secretAccessKey: string };
  /** Every key is stored under this prefix (`app/uploads` → `app/uploads/<key>`); the rest of the bucket is never touched. */
  readonly prefix?: string;
  /** Keys per ListObjectsV2 page (default 1000, S3's maximum). */
  readonly listPageSize?: number;
}

/**
 * Objects in an S3-compatible bucket. `put` reads the stream part by part (at most one part,
 * 5 MiB, in memory), hashing on the way: an object that fits in one part is sent with one
 * PutObject, a bigger one as a multipart upload, which S3 makes visible only when it is
 * completed; if the stream or a request fails, the multipart upload is aborted, so nothing is
 * left. (If even the abort fails — the network is down — the parts stay invisible, and
 * `removeIncomplete` aborts the upload later.)
 */
export class S3Storage implements ObjectStorage {
  readonly client: S3Client;
  readonly bucket: string;
  /** '' or a prefix ending in `/`. */
  readonly prefix: string;
  private readonly listPageSize: number | undefined;
  readonly description: string;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    const prefix = (options.prefix ?? '').replace(/^\/+|\/+$/g, '');
    this.prefix = prefix === '' ? '' : `${prefix}/`;
    this.listPageSize = options.listPageSize;
    this.client = new S3Client({
      ...(options.region === undefined ? {} : { region: options.region }),
      ...(options.endpoint === undefined ? {} : { endpoint: options.endpoint }),
      forcePathStyle: options.forcePathStyle ?? false,
      ...(options.credentials === undefined ? {} : { credentials: options.credentials }),
      // Checksums only where S3 requires them (the SDK's behaviour before 2025): S3-compatible
      // services differ in their support of the newer default CRC32 headers. The adapter
      // records a SHA-256 of its own.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    const where = options.endpoint ?? `AWS${options.region === undefined ? '' : ` ${options.region}`}`;
    this.description = `S3 bucket ${this.bucket}${this.prefix === '' ? '' : ` under ${this.prefix}`} at ${where}`;
  }

  private objectKey(key: string): string {
    return this.prefix + checkKey(key);
  }

  async put(key: string, body: Readable): Promise<StoredObject> {
    const Key = this.objectKey(key);
    const Bucket = this.bucket;
    const hash = createHash('sha256');
    let size = 0;
    let uploadId: string | undefined;
    const parts: CompletedPart[] = [];
    const sendPart = async (data: Buffer) => {
      if (uploadId === undefined) {
        const created = await this.client.send(new CreateMultipartUploadCommand({ Bucket, Key }));
        if (created.UploadId === undefined) throw new Error(`S3 CreateMultipartUpload of ${Key} returned no UploadId`);
        uploadId = created.UploadId;
      }
      const PartNumber = parts.length + 1;
      const { ETag } = await this.client.send(new UploadPartCommand({ Bucket, Key, UploadId: uploadId, PartNumber, Body: data }));
      if (ETag === undefined) throw new Error(`S3 UploadPart ${PartNumber} of ${Key} returned no ETag`);
      parts.push({ PartNumber, ETag });
    };

    try {
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      for await (const chunk of body as AsyncIterable<Buffer | string>) {
        const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
        hash.update(bytes);
        size += bytes.length;
        pending.push(bytes);
        pendingBytes += bytes.length;
        // More than a part: send one (reading waits meanwhile). The last part is never empty.
        while (pendingBytes > PART_SIZE) {
          const joined = Buffer.concat(pending);
          await sendPart(joined.subarray(0, PART_SIZE));
          // A copy, so that the part's memory is released once it is sent.
          const rest = Buffer.from(joined.subarray(PART_SIZE));
          pending = [rest];
          pendingBytes = rest.length;
        }
      }
      const last = Buffer.concat(pending);
      if (uploadId === undefined) {
        await this.client.send(new PutObjectCommand({ Bucket, Key, Body: last, ContentLength: last.length }));
      } else {
        await sendPart(last);
        await this.client.send(new CompleteMultipartUploadCommand({ Bucket, Key, UploadId: uploadId, MultipartUpload: { Parts: parts } }));
      }
    } catch (error) {
      if (uploadId !== undefined) {
        // The original error is what the caller needs (a size limit, a dropped connection); a
        // failed abort leaves invisible parts for removeIncomplete.
        await this.client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId: uploadId })).catch(() => undefined);
      }
      throw error;
    }
    return { size, sha256: hash.digest('hex') };
  }

  async get(key: string): Promise<Readable | null> {
    try {
      const { Body } = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      if (!(Body instanceof Readable)) throw new Error(`S3 GetObject of ${key} returned no stream`);
      return Body;
    } catch (error) {
      if (isNoSuchKey(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
    } catch (error) {
      // S3 answers 204 for a missing key; some compatible services say NoSuchKey.
      if (!isNoSuchKey(error)) throw error;
    }
  }

  async *list(): AsyncIterable<ListedObject> {
    let ContinuationToken: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          ...(this.prefix === '' ? {} : { Prefix: this.prefix }),
          ...(this.listPageSize === undefined ? {} : { MaxKeys: this.listPageSize }),
          ContinuationToken,
        }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key === undefined || !object.Key.startsWith(this.prefix)) continue;
        // Without a date, "written just now": never old enough for the sweep.
        yield { key: object.Key.slice(this.prefix.length), modifiedAt: object.LastModified ?? new Date(8.64e15) };
      }
      ContinuationToken = page.IsTruncated === true ? page.NextContinuationToken : undefined;
    } while (ContinuationToken !== undefined);
  }

  async removeIncomplete(before: Date, dryRun = false): Promise<number> {
    let removed = 0;
    let KeyMarker: string | undefined;
    let UploadIdMarker: string | undefined;
    do {
      const page = await this.client.send(
        new ListMultipartUploadsCommand({
          Bucket: this.bucket,
          ...(this.prefix === '' ? {} : { Prefix: this.prefix }),
          KeyMarker,
          UploadIdMarker,
        }),
      );
      for (const upload of page.Uploads ?? []) {
        const { Key, UploadId, Initiated } = upload;
        if (Key === undefined || UploadId === undefined || Initiated === undefined || Initiated >= before) continue;
        // Only uploads this adapter could have started.
        if (!Key.startsWith(this.prefix) || !isValidKey(Key.slice(this.prefix.length))) continue;
        if (!dryRun) {
          await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key, UploadId })).catch((error: unknown) => {
            if (errorName(error) !== 'NoSuchUpload') throw error;
          });
        }
        removed += 1;
      }
      const more = page.IsTruncated === true;
      KeyMarker = more ? page.NextKeyMarker : undefined;
      UploadIdMarker = more ? page.NextUploadIdMarker : undefined;
    } while (KeyMarker !== undefined);
    return removed;
  }
}

const errorName = (error: unknown): string | undefined => (error instanceof Error ? error.name : undefined);

/** The key is not there (404 NoSuchKey; a bare 404 from a HEAD-like answer) — not a missing bucket. */
function isNoSuchKey(error: unknown): boolean {
  const name = errorName(error);
  if (name === 'NoSuchKey') return true;
  const status = (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
  return status === 404 && name !== 'NoSuchBucket';
}
