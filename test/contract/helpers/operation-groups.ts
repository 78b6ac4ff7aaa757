/**
 * Named groups of operationIds that several contract tests of openapi.yaml single out.
 */

/** Match writes accepting an optional Idempotency-Key header (R8.20); all of them are bearer-only (R8.3). */
export const IDEMPOTENT_OPERATIONS: readonly string[] = [
  'reportMatchResult',
  'confirmMatchResult',
  'disputeMatchResult',
  'addMatchEvidence',
  'resolveMatch',
  'correctMatchResult',
];
