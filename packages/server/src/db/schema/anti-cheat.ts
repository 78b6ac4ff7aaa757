/** Row types of the anti-cheat tables (the six anti_cheat_* tables), of evidence_objects and of api_key_idempotency_keys. */

/** An anti-cheat client enrolled for a user of a project (R12.3); revoked_at set on revoke. */
export interface AntiCheatClientsTable {
  id: string;
  project_id: string;
  user_id: string;
  label: string | null;
  created_at: string;
  revoked_at: string | null;
}

/** An anti-cheat monitoring session of a match (R12.4); status ACTIVE | ENDED; the API's sessionId is match_id. */
export interface AntiCheatSessionsTable {
  id: string;
  project_id: string;
  match_id: string;
  /** cs2 | valorant | apex | dota2 | rl. */
  game: string;
  status: string;
  started_at: string;
  ended_at: string | null;
  end_reason: string | null;
  started_by_key_id: string | null;
}

/** A user requested for a session; covered (0/1) when an enrolled client (client_id) wired them in (R12.4). */
export interface AntiCheatSessionParticipantsTable {
  session_id: string;
  user_id: string;
  /** Order in the start request, 0-based. */
  position: number;
  covered: number;
  client_id: string | null;
}

/**
 * A detection raised in a session (R12.7); ai_verdict is JSON `{ label, confidence }`; reviewed once verdict is set.
 */
export interface AntiCheatDetectionsTable {
  id: string;
  project_id: string;
  session_id: string;
  match_id: string;
  user_id: string;
  rule: string;
  /** LOW | MEDIUM | HIGH | CRITICAL. */
  severity: string;
  ai_verdict: string | null;
  /** CONFIRMED_CHEAT | FALSE_POSITIVE | INCONCLUSIVE. */
  verdict: string | null;
  verdict_note: string | null;
  reviewed_at: string | null;
  created_at: string;
}

/** An evidence file presigned for a session (R12.10); status PENDING until its bytes are uploaded, then UPLOADED. */
export interface AntiCheatMediaFilesTable {
  id: string;
  project_id: string;
  session_id: string;
  kind: string;
  content_type: string;
  size_bytes: number;
  /** Lowercase hex SHA-256 declared at presign. */
  sha256: string;
  /** Storage key, `anti-cheat-evidence/...`. */
  storage_key: string;
  status: string;
  /** Expiry of the upload URL. */
  expires_at: string;
  created_at: string;
  uploaded_at: string | null;
}

/** Evidence media files attached to a detection. */
export interface AntiCheatDetectionEvidenceTable {
  detection_id: string;
  media_file_id: string;
}

/**
 * An anti-cheat evidence object kept in the database (R21.3): the driver of storage/database-storage.ts, the default
 * on PostgreSQL, so that every server process reads what any of them stored.
 */
export interface EvidenceObjectsTable {
  /** Storage key (`sessions/<id>/<file>`, see storage/storage-driver.ts). */
  key: string;
  content_type: string;
  bytes: Uint8Array;
  size_bytes: number;
  created_at: string;
}

/**
 * The first answer of an API-key write sent with an Idempotency-Key (migration 0022; the anti-cheat writes, R12.19),
 * per API key, operation (operationId) and key; `request_hash` is the SHA-256 of the request (path ids and body),
 * `response_body` the JSON `data` answered, `expires_at` 24 h after creation.
 */
export interface ApiKeyIdempotencyKeysTable {
  api_key_id: string;
  operation: string;
  key: string;
  request_hash: string;
  response_body: string;
  created_at: string;
  expires_at: string;
}
