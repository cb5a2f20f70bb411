import { safeParse, type z } from 'zod/mini';
import type { ContractProblem } from './errors';

type Issue = z.core.$ZodIssue;

const fieldOf = (path: readonly PropertyKey[]): string => (path.length === 0 ? '(response)' : path.map(String).join('.'));

/** How far a union branch got: fewer problems first, then problems about a named field before a whole-object one. */
const score = (issues: readonly Issue[]): [number, number] => [issues.length, issues.filter((i) => i.code === 'unrecognized_keys').length];

/**
 * The problems of a failed parse, one per field. A union (`POST /api/me/` answers the user or `{}`)
 * reports the branch the response came closest to, so a renamed field is named rather than "no
 * branch matched".
 */
export function contractProblems(issues: readonly Issue[], prefix: readonly PropertyKey[] = []): ContractProblem[] {
  return issues.flatMap((issue): ContractProblem[] => {
    const path = [...prefix, ...issue.path];
    if (issue.code === 'invalid_union' && issue.errors.length > 0) {
      const closest = [...issue.errors].sort((a, b) => {
        const [countA, wholeA] = score(a);
        const [countB, wholeB] = score(b);
        return countA - countB || wholeA - wholeB;
      })[0]!;
      return contractProblems(closest, path);
    }
    if (issue.code === 'unrecognized_keys') return issue.keys.map((key) => ({ field: fieldOf([...path, key]), problem: UNEXPECTED }));
    const received = 'input' in issue ? issue.input : undefined;
    const problem =
      issue.code === 'invalid_type'
        ? `expected ${issue.expected}, received ${received === null ? 'null' : typeof received}`
        : issue.message;
    return [{ field: fieldOf(path), problem }];
  });
}

const UNEXPECTED = 'unexpected field';
const closeness = (problems: readonly ContractProblem[]): [number, number] => [
  problems.length,
  problems.filter((p) => p.problem === UNEXPECTED).length,
];

/**
 * Why `data` does not match `schema`, one problem per field. For a union at the top (`POST /api/me/`
 * answers the user or `{}`) each branch is tried on its own and the closest one is reported: zod
 * itself settles on the `{}` branch (its only complaint, unknown keys, does not abort), which would
 * name every field but the renamed one.
 */
export function responseProblems(schema: z.core.$ZodType, data: unknown): ContractProblem[] {
  const def = schema._zod.def as { type: string; options?: readonly z.core.$ZodType[] };
  if (def.type === 'union' && def.options !== undefined && def.options.length > 0) {
    const candidates = def.options.map((option) => responseProblems(option, data));
    if (candidates.some((problems) => problems.length === 0)) return [];
    return candidates.sort((a, b) => {
      const [countA, unexpectedA] = closeness(a);
      const [countB, unexpectedB] = closeness(b);
      return unexpectedA - unexpectedB || countA - countB;
    })[0]!;
  }
  const result = safeParse(schema, data, { reportInput: true });
  return result.success ? [] : contractProblems(result.error.issues);
}
