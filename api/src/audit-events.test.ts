import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_EVENT_NAMES } from '@app/contracts';

/**
 * The audit events named in the shared contracts (`AUDIT_EVENT_NAMES`: what `writeAudit` accepts
 * and what the back office's history has words for) are exactly the events this code writes: an
 * event written as a bare string somewhere (not through the typed `writeAudit`) or a name no code
 * writes any more fails here.
 */
const SOURCE = path.join(__dirname);
const EVENT_LITERAL = /'((?:account|entry|claim|identity|staff|upload|system_settings|pre_entry|applicant)\.[a-z_]+)'/g;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((item) => {
    const full = path.join(dir, item.name);
    if (item.isDirectory()) return sourceFiles(full);
    return item.name.endsWith('.ts') && !item.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('the audit events', () => {
  it('every event the API names is in AUDIT_EVENT_NAMES, and every name there is written by the API', () => {
    const written = new Set(
      sourceFiles(SOURCE).flatMap((file) => [...fs.readFileSync(file, 'utf8').matchAll(EVENT_LITERAL)].map((m) => m[1]!)),
    );
    expect([...written].filter((event) => !(AUDIT_EVENT_NAMES as readonly string[]).includes(event)).sort()).toEqual([]);
    expect(AUDIT_EVENT_NAMES.filter((event) => !written.has(event))).toEqual([]);
  });
});
