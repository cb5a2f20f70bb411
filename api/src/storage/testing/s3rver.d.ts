// The part of @20minutes/s3rver (an S3 emulator, JavaScript without types) the tests use.
declare module '@20minutes/s3rver' {
  /** Koa's context, as far as the emulator's extra middleware reads and writes it. */
  export interface KoaContext {
    readonly method: string;
    readonly path: string;
    query: Record<string, string | string[] | undefined>;
    status: number;
    body: unknown;
    type: string;
  }
  export type KoaMiddleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void>;

  export interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
    configureBuckets?: { name: string }[];
  }

  export default class S3rver {
    constructor(options?: S3rverOptions);
    /** Koa's middleware list: composed when the server starts listening. */
    middleware: KoaMiddleware[];
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
