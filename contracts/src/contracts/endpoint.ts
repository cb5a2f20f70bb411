import * as z from 'zod/mini';
import { DetailErrorBodySchema, ValidationErrorBodySchema } from './errors';
import { IDEMPOTENCY_KEY_PATTERN } from './headers';

/**
 * One API endpoint as data: method, path, who may call it, what it takes and what it answers per
 * status, and which error of spec §8 each failure is. The API registers its routes from these
 * objects, the client calls them (`api(endpoints.me.get)`), the mocks answer for them and the
 * OpenAPI document is generated from them: an endpoint is written once, in `endpoints.ts`.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export const UNSAFE_METHODS: ReadonlySet<HttpMethod> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Staff roles of the back office (the spec shows no admin side; see the back-office issue). */
export const STAFF_ROLES = ['reviewer', 'approver', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * Who may call: `visitor` — anyone, logged in or not; `applicant` — a logged-in applicant (a visitor
 * gets 403 認証情報が含まれていません。 before the body is read); `{ staff }` — a staff session with
 * one of the roles.
 */
export type Access = 'visitor' | 'applicant' | { readonly staff: readonly StaffRole[] };

/**
 * CSRF (spec §7; the API's check is http/csrf.ts): `required` for every unsafe method by default;
 * `bootstrap` for the one call that hands out the csrftoken cookie (it passes while the browser has
 * none yet, and a CSRF failure there is not "stale credentials" for the client); `none` for safe
 * methods.
 */
export type CsrfMode = 'required' | 'bootstrap' | 'none';

/**
 * The failures an endpoint can answer, as the §8 error the client turns them into:
 * - `validation` 400 `{field: [msg], non_field_errors: [msg]}` → ValidationError
 * - `operational` 401 `{detail}`: an expected refusal shown as it is (login) → OperationalError
 * - `forbidden` 403 `{detail}` → UnauthorizedError (added to every applicant and staff endpoint)
 * - `csrf` 403 `{detail: "CSRF Failed: …"}` → CsrfError, stale credentials (added to unsafe ones)
 * - `notFound` 404, `conflict` 409 (stale `version`; or the same Idempotency-Key still in progress),
 *   `idempotencyMismatch` 422 (the same Idempotency-Key with another request), `tooLarge` 413,
 *   `throttled` 429 (Retry-After), `unavailable` 503 → ServerError with the `detail`
 */
export const ERROR_CASES = {
  validation: { status: 400, description: '入力内容の誤り（項目ごとのメッセージ）' },
  operational: { status: 401, description: '受け付けられない操作（detail をそのまま表示）' },
  forbidden: { status: 403, description: 'ログインしていない、または権限がない' },
  csrf: { status: 403, description: 'CSRF トークンが一致しない（ログイン情報の期限切れ）' },
  notFound: { status: 404, description: '見つからない（他人のデータも同じ答え）' },
  conflict: { status: 409, description: 'ほかの画面・端末で更新済み（version が古い）' },
  tooLarge: { status: 413, description: '大きすぎる' },
  throttled: { status: 429, description: '試行回数の上限（Retry-After 秒後に再試行）' },
  idempotencyMismatch: { status: 422, description: '同じ Idempotency-Key で別の内容の要求（キーは要求ごとに新しく）' },
  unavailable: { status: 503, description: '一時的に利用できない' },
} as const;
export type ErrorCase = keyof typeof ERROR_CASES;

/** A zod schema of any flavour (the contracts use zod/mini; the API's type provider reads any). */
export type Schema = z.core.$ZodType;

/** The names inside `{…}` of a path template: `'/api/entries/{id}/'` → `'id'`. */
export type PathParamNames<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParamNames<Rest>
  : never;

export interface EndpointSpec<Path extends string = string> {
  readonly method: HttpMethod;
  /** Path template with `{name}` for each parameter, trailing slash as the API spells it. */
  readonly path: Path;
  /** One line for the API document. */
  readonly summary: string;
  /** Resource group (OpenAPI tag). */
  readonly tag: string;
  readonly access: Access;
  /** Defaults: `required` for unsafe methods, `none` for GET. */
  readonly csrf?: CsrfMode;
  /** Path parameters, one schema per `{name}` of the path (values arrive as text). */
  readonly params?: z.ZodMiniObject<Record<PathParamNames<Path>, Schema>>;
  readonly query?: Schema;
  /** JSON body. A multipart body is described by `multipart` instead. */
  readonly body?: Schema;
  /** Multipart form: the text fields' schema (files are streamed by the handler). */
  readonly multipart?: Schema;
  /** With `multipart`: the name of the part that carries the file (the text fields come before it). */
  readonly multipartFile?: string;
  /**
   * The success answer: exactly one 2xx status, its body's schema (`null`: no body, e.g. 204), or
   * `file: true` for the bytes of a file (a download, not JSON; the page links to it) or a stream
   * the handler writes (the server-sent events of `GET /api/events/`).
   */
  readonly success: { readonly status: 200 | 201 | 202 | 204; readonly schema: Schema | null; readonly file?: boolean };
  /** The failures it can answer besides those implied by access and method (see ERROR_CASES). */
  readonly errors?: readonly ErrorCase[];
  /** A failure whose body is not the usual `{detail}` (e.g. the health check's 503 is a health report). */
  readonly errorBodies?: Partial<Readonly<Record<ErrorCase, Schema>>>;
  /**
   * Honours an `Idempotency-Key` header (issue 27; unsafe methods of a logged-in user only): the
   * same key with the same request → the first answer replayed; with another request → 422; while
   * the first is in progress → 409; a key that is not 1–255 visible ASCII characters → 400. The
   * client sends one per user action and reuses it when it retries after a network failure.
   */
  readonly idempotent?: boolean;
}

/**
 * The `Idempotency-Key` request header of an idempotent endpoint (the API validates it, the API
 * document describes it). Header names arrive in lower case.
 */
export const IdempotencyHeadersSchema = z.looseObject({
  'idempotency-key': z.optional(
    z.string().check(z.regex(IDEMPOTENCY_KEY_PATTERN, { error: 'Idempotency-Key は 1〜255 文字の半角英数字・記号で指定してください。' })),
  ),
});

export interface Endpoint<Spec extends EndpointSpec = EndpointSpec> {
  /** Dotted key in the catalogue (`profile.patch`): the OpenAPI operationId and the mocks' name. */
  readonly id: string;
  readonly spec: Spec;
  readonly method: Spec['method'];
  readonly path: Spec['path'];
  readonly access: Access;
  readonly csrf: CsrfMode;
  /** Every failure it can answer, including the implied `forbidden` and `csrf`. */
  readonly errors: readonly ErrorCase[];
  /** Per status: the body's schema (null for none). */
  readonly responses: Readonly<Record<number, Schema | null>>;
}

/** The error bodies by case: `{detail}` (extra fields kept, e.g. correct_login_url) or DRF's 400. */
const LooseDetailErrorBodySchema = z.looseObject(DetailErrorBodySchema.shape);
export const errorBodySchema = (errorCase: ErrorCase): Schema =>
  errorCase === 'validation' ? ValidationErrorBodySchema : LooseDetailErrorBodySchema;

export const pathParamNames = (path: string): string[] => [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string);

/** Defines an endpoint (its `id` is given by `defineCatalogue`). Throws on a spec that contradicts itself. */
export function endpoint<const Path extends string, const Spec extends EndpointSpec<Path>>(spec: Spec & { path: Path }): Endpoint<Spec> {
  const names = pathParamNames(spec.path);
  const declared = spec.params ? Object.keys(spec.params.shape) : [];
  if (names.join() !== declared.join()) {
    throw new Error(`${spec.method} ${spec.path}: path parameters {${names.join(', ')}} but params {${declared.join(', ')}}`);
  }
  if (spec.body !== undefined && spec.multipart !== undefined) throw new Error(`${spec.method} ${spec.path}: body or multipart, not both`);
  if (spec.multipartFile !== undefined && spec.multipart === undefined)
    throw new Error(`${spec.method} ${spec.path}: a file part needs multipart`);
  const unsafe = UNSAFE_METHODS.has(spec.method);
  const csrf = spec.csrf ?? (unsafe ? 'required' : 'none');
  if (!unsafe && csrf !== 'none') throw new Error(`${spec.method} ${spec.path}: a safe method has no CSRF check`);
  if (spec.idempotent === true && (!unsafe || spec.access === 'visitor'))
    throw new Error(`${spec.method} ${spec.path}: an Idempotency-Key is for unsafe requests of a logged-in user`);
  const implied: ErrorCase[] = [];
  if (spec.access !== 'visitor') implied.push('forbidden');
  if (csrf !== 'none') implied.push('csrf');
  // A malformed key (400), the same key still in progress (409), the same key with another request (422).
  if (spec.idempotent === true) implied.push('validation', 'conflict', 'idempotencyMismatch');
  const errors = [...new Set([...(spec.errors ?? []), ...implied])];
  const responses: Record<number, Schema | null> = { [spec.success.status]: spec.success.schema };
  for (const errorCase of errors) responses[ERROR_CASES[errorCase].status] = spec.errorBodies?.[errorCase] ?? errorBodySchema(errorCase);
  return { id: '', spec, method: spec.method, path: spec.path, access: spec.access, csrf, errors, responses };
}

export type AnyEndpoint = Endpoint<EndpointSpec>;

// ---------------------------------------------------------------------------------------------
// A group's endpoints in short: by method, with the group's tag and access said once
// ---------------------------------------------------------------------------------------------

/**
 * The success answer in short, one of: `ok: Schema` (200 with that body), `created: Schema` (201),
 * `noContent: true` (204, no body) or `file: true` (200, a file's bytes or a stream; see `success`).
 */
export type ShortSuccess =
  | { readonly ok: Schema; readonly created?: never; readonly noContent?: never; readonly file?: never }
  | { readonly created: Schema; readonly ok?: never; readonly noContent?: never; readonly file?: never }
  | { readonly noContent: true; readonly ok?: never; readonly created?: never; readonly file?: never }
  | { readonly file: true; readonly ok?: never; readonly created?: never; readonly noContent?: never };

type SuccessOf<S> = S extends { readonly ok: infer Body extends Schema }
  ? { readonly status: 200; readonly schema: Body }
  : S extends { readonly created: infer Body extends Schema }
    ? { readonly status: 201; readonly schema: Body }
    : S extends { readonly noContent: true }
      ? { readonly status: 204; readonly schema: null }
      : { readonly status: 200; readonly schema: null; readonly file: true };

/**
 * What a group's endpoint says besides its method and path: its spec with the success answer in
 * short, the group's tag and access as defaults, and `validation` (400) implied where the endpoint
 * reads a body, a query or a multipart form (the API validates each against its schema).
 */
export type ShortSpec<Path extends string> = Omit<EndpointSpec<Path>, 'method' | 'path' | 'tag' | 'access' | 'success'> & {
  readonly tag?: string;
  readonly access?: Access;
} & ShortSuccess;

/** What a group's endpoints share: the OpenAPI tag and who may call, unless an endpoint says otherwise. */
export interface GroupDefaults {
  readonly tag: string;
  readonly access: Access;
}

/** The spec a short one stands for (what `endpoint()` receives). */
export type SpecOfShort<Method extends HttpMethod, Path extends string, Defaults extends GroupDefaults, Short> = Omit<
  Short,
  keyof ShortSuccess | 'tag' | 'access' | 'errors'
> & {
  readonly method: Method;
  readonly path: Path;
  readonly tag: string;
  readonly access: Short extends { readonly access: infer Own extends Access } ? Own : Defaults['access'];
  readonly success: SuccessOf<Short>;
  readonly errors?: readonly ErrorCase[];
};

/** The success answer of a short spec (exactly one of `ok`, `created`, `noContent`, `file`). */
export function successOf(short: ShortSuccess): EndpointSpec['success'] {
  const given = [short.ok, short.created, short.noContent, short.file].filter((value) => value !== undefined);
  if (given.length !== 1) throw new Error('a success answer is one of ok, created, noContent, file');
  if (short.ok !== undefined) return { status: 200, schema: short.ok };
  if (short.created !== undefined) return { status: 201, schema: short.created };
  return short.noContent === true ? { status: 204, schema: null } : { status: 200, schema: null, file: true };
}

/** The failures of a short spec: its own, after `validation` where it reads a body, a query or a multipart form. */
export function errorsOf(short: Pick<EndpointSpec, 'body' | 'query' | 'multipart' | 'errors'>): readonly ErrorCase[] {
  const readsInput = short.body !== undefined || short.query !== undefined || short.multipart !== undefined;
  return [...new Set<ErrorCase>([...(readsInput ? (['validation'] as const) : []), ...(short.errors ?? [])])];
}

/**
 * `endpoint()` by method, for a group whose endpoints share a tag and (mostly) who may call: the
 * group says them once and an endpoint says only what is its own (its own `access` or `tag` wins).
 */
export function endpointsOf<const Defaults extends GroupDefaults>(defaults: Defaults) {
  const byMethod =
    <const Method extends HttpMethod>(method: Method) =>
    <const Path extends string, const Short extends ShortSpec<Path>>(
      path: Path,
      short: Short,
    ): Endpoint<SpecOfShort<Method, Path, Defaults, Short>> => {
      const { ok: _ok, created: _created, noContent: _noContent, file: _file, errors: _errors, ...own } = short;
      const errors = errorsOf(short);
      const spec = { method, path, ...defaults, ...own, success: successOf(short), ...(errors.length > 0 ? { errors } : {}) };
      return endpoint(spec as EndpointSpec<Path> & { path: Path }) as unknown as Endpoint<SpecOfShort<Method, Path, Defaults, Short>>;
    };
  return { GET: byMethod('GET'), POST: byMethod('POST'), PUT: byMethod('PUT'), PATCH: byMethod('PATCH'), DELETE: byMethod('DELETE') };
}
export type EndpointsOf<Defaults extends GroupDefaults> = ReturnType<typeof endpointsOf<Defaults>>;

/** A nested object of endpoints. */
export interface Catalogue {
  readonly [key: string]: AnyEndpoint | Catalogue;
}

const isEndpoint = (value: AnyEndpoint | Catalogue): value is AnyEndpoint => typeof value.id === 'string' && 'spec' in value;

/**
 * One top-level group of the catalogue (`endpoints.<name>`), defined in a module of its own
 * (contracts/groups/): its endpoints are named `<name>.<key>` here already, so a page that imports
 * only the groups it calls (`@app/contracts/endpoints`) gets them named without the whole catalogue.
 * `defaults` are what its endpoints share (see `endpointsOf`); `members` declares them by method:
 * `group('entries', { tag: 'entries', access: 'applicant' }, ({ GET }) => ({ list: GET('/api/entries/', {…}) }))`.
 */
export function group<const Defaults extends GroupDefaults, const G extends Catalogue>(
  name: string,
  defaults: Defaults,
  members: (byMethod: EndpointsOf<Defaults>) => G,
): G {
  return defineCatalogue(members(endpointsOf(defaults)), name);
}

/** Names every endpoint by its dotted key and refuses two endpoints with the same method and path. */
export function defineCatalogue<const C extends Catalogue>(catalogue: C, prefix = ''): C {
  const seen = new Map<string, string>();
  const walk = (node: Catalogue, prefix: string) => {
    for (const [key, value] of Object.entries(node)) {
      const id = prefix === '' ? key : `${prefix}.${key}`;
      if (isEndpoint(value)) {
        (value as { id: string }).id = id;
        const route = `${value.method} ${value.path}`;
        const other = seen.get(route);
        if (other !== undefined) throw new Error(`${route} is both ${other} and ${id}`);
        seen.set(route, id);
      } else walk(value, id);
    }
  };
  walk(catalogue, prefix);
  return catalogue;
}

/** Every endpoint of a catalogue, in definition order. */
export function listEndpoints(catalogue: Catalogue): AnyEndpoint[] {
  return Object.values(catalogue).flatMap((value) => (isEndpoint(value) ? [value] : listEndpoints(value)));
}

// ---------------------------------------------------------------------------------------------
// Types the client, the mocks and the API read off an endpoint
// ---------------------------------------------------------------------------------------------

type SpecOf<E> = E extends Endpoint<infer Spec> ? Spec : never;
type Out<S> = S extends Schema ? z.output<S> : undefined;
type In<S> = S extends Schema ? z.input<S> : undefined;

/** The success body as parsed (defaults filled in); `undefined` for a 204. */
export type ResponseOf<E> = Out<SpecOf<E>['success']['schema']>;
/** The success body as sent (what a handler returns and a mock answers). */
export type ResponseInputOf<E> = In<SpecOf<E>['success']['schema']>;
/** The JSON body as a caller sends it (before the schema's defaults and transforms). */
export type BodyInputOf<E> = In<SpecOf<E>['body']>;
/** The JSON body as the handler receives it (validated, transformed). */
export type BodyOf<E> = Out<SpecOf<E>['body']>;
export type QueryInputOf<E> = In<SpecOf<E>['query']>;
export type QueryOf<E> = Out<SpecOf<E>['query']>;
export type ParamsOf<E> = SpecOf<E>['params'] extends Schema ? z.output<NonNullable<SpecOf<E>['params']>> : undefined;
/** Path parameters as a caller gives them (`{ id: 12 }`). */
export type ParamsInputOf<E> = Record<PathParamNames<SpecOf<E>['path']>, string | number>;
export type MultipartOf<E> = Out<SpecOf<E>['multipart']>;
/** The multipart text fields as a caller gives them (the client sends them before the file). */
export type MultipartInputOf<E> = In<SpecOf<E>['multipart']>;

/** How far the body of an upload has gone out: bytes sent, of the whole multipart body. */
export interface UploadProgress {
  /** Bytes sent so far. */
  readonly loaded: number;
  /** Bytes to send (the whole multipart body, so a little more than the file). */
  readonly total: number;
}

/**
 * A multipart call: the text fields (the endpoint's `multipart` schema), the file (sent last, as the
 * part the endpoint names: `multipartFile`) and, in a page, its progress as the bytes go out.
 */
export interface MultipartCallOptions<E> {
  readonly fields: MultipartInputOf<E>;
  readonly file: Blob;
  readonly onProgress?: ((progress: UploadProgress) => void) | undefined;
}

/** What a call needs besides the endpoint: only the parts the endpoint has are allowed and required. */
export type CallOptions<E> = ([PathParamNames<SpecOf<E>['path']>] extends [never] ? { params?: never } : { params: ParamsInputOf<E> }) &
  (SpecOf<E>['body'] extends Schema ? { body: BodyInputOf<E> } : { body?: never }) &
  (SpecOf<E>['query'] extends Schema ? { query: QueryInputOf<E> } : { query?: never }) &
  (SpecOf<E>['multipart'] extends Schema ? MultipartCallOptions<E> : { fields?: never; file?: never; onProgress?: never }) & {
    signal?: AbortSignal | undefined;
  };

/** `[options]` when the endpoint needs any, else `[options?]`. */
export type CallArgs<E> = [PathParamNames<SpecOf<E>['path']>] extends [never]
  ? SpecOf<E>['body'] extends Schema
    ? [options: CallOptions<E>]
    : SpecOf<E>['query'] extends Schema
      ? [options: CallOptions<E>]
      : SpecOf<E>['multipart'] extends Schema
        ? [options: CallOptions<E>]
        : [options?: CallOptions<E>]
  : [options: CallOptions<E>];

/** The path with its parameters filled in (each encoded). */
export function pathOf(endpoint: AnyEndpoint, params: Readonly<Record<string, string | number>> = {}): string {
  return endpoint.path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${endpoint.id}: missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
