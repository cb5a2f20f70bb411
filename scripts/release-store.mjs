// Where releases live: the storage interface of the release tooling, with two implementations.
//   LocalStore  the site folder (.site/ by default): what `pnpm start` serves.
//   S3Store     an S3-compatible bucket (production): the same client as the uploads
//               (api/src/storage/s3.ts, @aws-sdk/client-s3), conditional writes for compare-and-swap.
// Keys are `/`-separated paths relative to the site root (`deployment.json`, `remotes/mfe-x/v/…`).
//
// The contract every store keeps:
//   read(key)                          → { body: Buffer, etag } | null
//   write(key, body, { ifMatch })      compare-and-swap: `ifMatch` is the etag read before, or null
//                                      for "must not exist yet"; a mismatch throws ConflictError.
//                                      Without `ifMatch` (undefined) the write is unconditional.
//   putTree(prefix, dir, claimName)    uploads a folder, immutable: refused (ConflictError) when the
//                                      folder is already there; `claimName` is written last.
//   append(key, line)                  adds one line to an append-only file (the history).
//   children(prefix)                   the names directly under a folder.
//   removeTree(prefix)                 deletes a folder (pruning).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export class ConflictError extends Error {
  name = 'ConflictError';
}

/** CDN-friendly caching: versioned folders never change; manifests and the history always revalidate. */
export function cacheControlFor(key) {
  return key.startsWith('remotes/') ? 'public, max-age=31536000, immutable' : 'no-cache';
}

const etagOf = (body) => createHash('sha256').update(body).digest('hex').slice(0, 20);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The site folder. Compare-and-swap: under `<file>.lock` (created exclusively; one stale for more
 * than `staleLockMs` is taken over), the current content's hash is compared with `ifMatch`, the new
 * content written to a temporary file and renamed over the old one (a reader sees either, whole).
 */
export class LocalStore {
  constructor(dir, { lockTimeoutMs = 10_000, staleLockMs = 30_000 } = {}) {
    this.dir = path.resolve(dir);
    this.lockTimeoutMs = lockTimeoutMs;
    this.staleLockMs = staleLockMs;
    this.description = `site folder ${this.dir}`;
  }

  file(key) {
    const file = path.resolve(this.dir, key);
    if (file !== this.dir && !file.startsWith(this.dir + path.sep)) throw new Error(`key outside the store: ${key}`);
    return file;
  }

  async read(key) {
    try {
      const body = fs.readFileSync(this.file(key));
      return { body, etag: etagOf(body) };
    } catch (error) {
      if (error.code === 'ENOENT') return null;
      throw error;
    }
  }

  async withLock(file, fn) {
    const lock = `${file}.lock`;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const started = Date.now();
    for (;;) {
      try {
        fs.writeFileSync(lock, `${process.pid}\n`, { flag: 'wx' });
        break;
      } catch (error) {
        if (error.code !== 'EEXIST') throw error;
        let age = 0;
        try {
          age = Date.now() - fs.statSync(lock).mtimeMs;
        } catch {
          continue; // released meanwhile
        }
        if (age > this.staleLockMs) {
          fs.rmSync(lock, { force: true }); // its holder died
          continue;
        }
        if (Date.now() - started > this.lockTimeoutMs) throw new Error(`${lock} is held by another release for too long; retry`);
        await sleep(2 + Math.random() * 10);
      }
    }
    try {
      return await fn();
    } finally {
      fs.rmSync(lock, { force: true });
    }
  }

  async write(key, body, { ifMatch } = {}) {
    const file = this.file(key);
    const data = Buffer.from(body);
    const put = () => {
      const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      fs.writeFileSync(tmp, data);
      fs.renameSync(tmp, file);
      return etagOf(data);
    };
    if (ifMatch === undefined) {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      return put();
    }
    return this.withLock(file, async () => {
      const current = await this.read(key);
      if ((current?.etag ?? null) !== ifMatch) throw new ConflictError(`${key} changed since it was read`);
      return put();
    });
  }

  async putTree(prefix, dir, claimName) {
    const target = this.file(prefix);
    if (fs.existsSync(target)) throw new ConflictError(`${prefix} already exists`);
    const tmp = `${target}.${process.pid}.tmp`;
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.cpSync(dir, tmp, { recursive: true });
    if (claimName && !fs.existsSync(path.join(tmp, claimName))) throw new Error(`${claimName} missing in ${dir}`);
    try {
      // Refused by the file system when another publisher's folder landed first (ENOTEMPTY/EEXIST).
      fs.renameSync(tmp, target);
    } catch (error) {
      fs.rmSync(tmp, { recursive: true, force: true });
      if (error.code === 'ENOTEMPTY' || error.code === 'EEXIST') throw new ConflictError(`${prefix} already exists`);
      throw error;
    }
  }

  async append(key, line) {
    const file = this.file(key);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // One write(2) with O_APPEND per line: concurrent writers' lines never interleave.
    fs.appendFileSync(file, `${line}\n`);
  }

  async children(prefix) {
    try {
      return fs
        .readdirSync(this.file(prefix), { withFileTypes: true })
        .filter((e) => e.isDirectory() && !e.name.endsWith('.tmp'))
        .map((e) => e.name)
        .sort();
    } catch (error) {
      if (error.code === 'ENOENT') return [];
      throw error;
    }
  }

  async removeTree(prefix) {
    fs.rmSync(this.file(prefix), { recursive: true, force: true });
  }
}

/** @aws-sdk/client-s3 as the API installs it (the uploads' S3 client), loaded only when used. */
function s3Sdk() {
  const require = createRequire(new URL('../api/package.json', import.meta.url));
  return require('@aws-sdk/client-s3');
}

const walk = (dir, base = dir) =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name), base) : [path.relative(base, path.join(dir, e.name))]))
    .map((p) => p.split(path.sep).join('/'));

const CONTENT_TYPES = {
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css',
  '.map': 'application/json',
  '.html': 'text/html; charset=utf-8',
};

/**
 * An S3-compatible bucket. Compare-and-swap with S3's conditional writes: PutObject with
 * `If-Match: <etag>` (or `If-None-Match: *` for a new object) is refused with 412 when another
 * writer got there first (AWS S3 since 2024, R2, MinIO). The history is one object rewritten under
 * the same condition (S3 has no append).
 */
export class S3Store {
  constructor({ bucket, prefix = '', endpoint, region = 'us-east-1', forcePathStyle = Boolean(endpoint), credentials }) {
    const sdk = s3Sdk();
    this.sdk = sdk;
    this.bucket = bucket;
    this.prefix = prefix.replace(/^\/+|\/+$/g, '') ? `${prefix.replace(/^\/+|\/+$/g, '')}/` : '';
    this.client = new sdk.S3Client({
      region,
      ...(endpoint ? { endpoint } : {}),
      forcePathStyle,
      ...(credentials ? { credentials } : {}),
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    this.description = `S3 bucket ${bucket}${this.prefix ? ` under ${this.prefix}` : ''}${endpoint ? ` at ${endpoint}` : ''}`;
  }

  key(key) {
    if (key.split('/').some((s) => s === '..')) throw new Error(`key outside the store: ${key}`);
    return this.prefix + key;
  }

  async read(key) {
    try {
      const out = await this.client.send(new this.sdk.GetObjectCommand({ Bucket: this.bucket, Key: this.key(key) }));
      return { body: Buffer.from(await out.Body.transformToByteArray()), etag: out.ETag };
    } catch (error) {
      if (error.name === 'NoSuchKey' || error.$metadata?.httpStatusCode === 404) return null;
      throw error;
    }
  }

  async write(key, body, { ifMatch } = {}) {
    const condition = ifMatch === undefined ? {} : ifMatch === null ? { IfNoneMatch: '*' } : { IfMatch: ifMatch };
    try {
      const out = await this.client.send(
        new this.sdk.PutObjectCommand({
          Bucket: this.bucket,
          Key: this.key(key),
          Body: Buffer.from(body),
          ContentType: CONTENT_TYPES[path.extname(key)] ?? 'application/octet-stream',
          CacheControl: cacheControlFor(key),
          ...condition,
        }),
      );
      return out.ETag;
    } catch (error) {
      const status = error.$metadata?.httpStatusCode;
      if (status === 412 || status === 409 || error.name === 'PreconditionFailed')
        throw new ConflictError(`${key} changed since it was read`);
      throw error;
    }
  }

  async putTree(prefix, dir, claimName) {
    if (await this.read(`${prefix}/${claimName}`)) throw new ConflictError(`${prefix} already exists`);
    for (const file of walk(dir).filter((f) => f !== claimName)) {
      await this.write(`${prefix}/${file}`, fs.readFileSync(path.join(dir, file)));
    }
    // The claim last, and only if nobody else's landed: the folder counts as published from then on.
    await this.write(`${prefix}/${claimName}`, fs.readFileSync(path.join(dir, claimName)), { ifMatch: null });
  }

  async append(key, line) {
    for (let attempt = 0; ; attempt += 1) {
      const current = await this.read(key);
      const body = Buffer.concat([current?.body ?? Buffer.alloc(0), Buffer.from(`${line}\n`)]);
      try {
        await this.write(key, body, { ifMatch: current?.etag ?? null });
        return;
      } catch (error) {
        if (!(error instanceof ConflictError) || attempt > 50) throw error;
        await sleep(5 + Math.random() * 20);
      }
    }
  }

  async children(prefix) {
    const names = new Set();
    let ContinuationToken;
    do {
      const out = await this.client.send(
        new this.sdk.ListObjectsV2Command({ Bucket: this.bucket, Prefix: `${this.key(prefix)}/`, Delimiter: '/', ContinuationToken }),
      );
      for (const p of out.CommonPrefixes ?? []) names.add(p.Prefix.slice(`${this.key(prefix)}/`.length).replace(/\/$/, ''));
      ContinuationToken = out.IsTruncated ? out.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return [...names].sort();
  }

  async removeTree(prefix) {
    let ContinuationToken;
    do {
      const out = await this.client.send(
        new this.sdk.ListObjectsV2Command({ Bucket: this.bucket, Prefix: `${this.key(prefix)}/`, ContinuationToken }),
      );
      for (const o of out.Contents ?? []) await this.client.send(new this.sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: o.Key }));
      ContinuationToken = out.IsTruncated ? out.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  close() {
    this.client.destroy();
  }
}

/**
 * The store the CLI uses: RELEASE_S3_BUCKET (+ RELEASE_S3_PREFIX, RELEASE_S3_ENDPOINT,
 * RELEASE_S3_REGION; credentials from the AWS SDK's chain) → S3Store; otherwise the site folder.
 */
export function storeFromEnv(env, siteDir) {
  if (env.RELEASE_S3_BUCKET) {
    return new S3Store({
      bucket: env.RELEASE_S3_BUCKET,
      prefix: env.RELEASE_S3_PREFIX ?? '',
      endpoint: env.RELEASE_S3_ENDPOINT || undefined,
      region: env.RELEASE_S3_REGION || 'us-east-1',
    });
  }
  return new LocalStore(siteDir);
}
