import type { AppDeps } from '../../deps';
import type { StorageDriver } from '../../storage/storage-driver';
import type { PageQuery } from '../../db/page-query';

/** Games an anti-cheat session can monitor (R12.4). */
export type AntiCheatGame = 'cs2' | 'valorant' | 'apex' | 'dota2' | 'rl';
/** ACTIVE until ended (R12.6). */
export type AntiCheatSessionStatus = 'ACTIVE' | 'ENDED';
/** Severity of a detection (R12.7). */
export type DetectionSeverity = 'LOW' | 'MEDIUM' | 'HIGH' | 'CRITICAL';
/** Review verdict of a detection. */
export type DetectionVerdict = 'CONFIRMED_CHEAT' | 'FALSE_POSITIVE' | 'INCONCLUSIVE';
/** Kind of an evidence file (R12.10). */
export type EvidenceKind = 'screenshot' | 'video' | 'log' | 'replay' | 'other';

/** Everything the anti-cheat modules work with: the app deps, the evidence storage and the presign secret. */
export interface AntiCheatContext {
  deps: AppDeps;
  storage: StorageDriver;
  /** HMAC key of presigned upload URLs. */
  presignSecret: Buffer;
}

/** The calling API key's project (R12.15: the project always comes from the key). */
export interface ProjectKey {
  projectId: string;
  apiKeyId: string;
}

/** Body of POST /anti-cheat/sessions (contract: AntiCheatSessionStart); a projectId sent is ignored. */
export interface AntiCheatSessionStartInput {
  game: AntiCheatGame;
  matchId?: string;
  participants: Array<{ userId: string }>;
}

/** Answer of a session start (contract: AntiCheatSessionStarted); sessionId equals matchId (R12.4). */
export interface AntiCheatSessionStarted {
  sessionId: string;
  matchId: string;
  game: AntiCheatGame;
  status: AntiCheatSessionStatus;
  requestedParticipants: number;
  /** Requested users with an enrolled, non-revoked client (R12.4). */
  coveredParticipants: number;
  coveredUserIds: string[];
  /** UTC ISO 8601. */
  startedAt: string;
}

/** A requested participant of a session and whether a client covered them. */
export interface AntiCheatSessionParticipant {
  userId: string;
  covered: boolean;
  clientId: string | null;
}

/** A session as read (contract: AntiCheatSession). */
export interface AntiCheatSession {
  sessionId: string;
  matchId: string;
  projectId: string;
  game: AntiCheatGame;
  status: AntiCheatSessionStatus;
  participants: AntiCheatSessionParticipant[];
  startedAt: string;
  endedAt: string | null;
  endReason: string | null;
  detectionCount: number;
  /** Uploaded evidence files of the session. */
  evidenceCount: number;
}

/** Answer of a session end (contract: AntiCheatSessionEndResult); ended false for the no-op of R12.6. */
export interface AntiCheatSessionEndResult {
  sessionId: string;
  ended: boolean;
  endedAt: string | null;
}

/** An AI verdict the agent attaches to a detection; confidence in [0, 1]. */
export interface AiVerdict {
  label: string;
  confidence: number;
}

/** A detection as listed (R12.8, contract: Detection); never carries evidence content. */
export interface Detection {
  id: string;
  sessionId: string;
  matchId: string;
  userId: string;
  rule: string;
  severity: DetectionSeverity;
  aiVerdictRecorded: boolean;
  /** Uploaded evidence files attached to the detection. */
  evidenceCount: number;
  reviewed: boolean;
  createdAt: string;
  verdict: DetectionVerdict | null;
  reviewedAt: string | null;
}

/** Body of POST /anti-cheat/sessions/{sessionId}/detections (contract: DetectionRaise). */
export interface DetectionRaiseInput {
  userId: string;
  rule: string;
  severity: DetectionSeverity;
  aiVerdict?: AiVerdict;
  evidenceMediaFileIds?: string[];
}

/** Body of POST /anti-cheat/detections/{id}/verdict (contract: DetectionVerdictRequest). */
export interface DetectionVerdictInput {
  verdict: DetectionVerdict;
  note?: string;
}

/** Query of GET /anti-cheat/detections: limit 1..200 (default 50, validated by the contract). */
export interface DetectionListQuery {
  limit: number;
  unreviewedOnly?: boolean;
  sessionId?: string;
}

/** Body of POST /anti-cheat/evidence/presign (R12.10, contract: EvidencePresignRequest). */
export interface EvidencePresignInput {
  sessionId: string;
  kind: EvidenceKind;
  contentType: string;
  sizeBytes: number;
  /** Lowercase hex SHA-256 of the bytes. */
  sha256: string;
  detectionId?: string;
}

/** Answer of a presign (R12.10, contract: EvidencePresign). */
export interface EvidencePresign {
  uploadUrl: string;
  mediaFileId: string;
  /** Begins with `anti-cheat-evidence/`. */
  key: string;
  /** Five minutes after issuance, UTC ISO 8601. */
  expiresAt: string;
}

/** Answer of a stored upload (contract: EvidenceUpload). */
export interface EvidenceUpload {
  mediaFileId: string;
  key: string;
  sizeBytes: number;
  sha256: string;
  contentType: string;
  uploadedAt: string;
}

/** An enrolled anti-cheat client (contract: AntiCheatClient). */
export interface AntiCheatClient {
  id: string;
  projectId: string;
  userId: string;
  label: string | null;
  createdAt: string;
  revokedAt: string | null;
}

/** Body of POST /anti-cheat/clients (contract: AntiCheatClientEnroll). */
export interface AntiCheatClientEnrollInput {
  userId: string;
  label?: string;
}

/** Query of GET /anti-cheat/clients. */
export interface AntiCheatClientListQuery extends PageQuery {
  userId?: string;
  includeRevoked?: boolean;
}
