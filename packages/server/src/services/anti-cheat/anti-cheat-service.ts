import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../../deps';
import type { AuthContext } from '../../auth/auth-context';
import { createEvidenceStorage } from '../../storage/evidence-storage';
import type { StorageDriver } from '../../storage/storage-driver';
import { enrollClient, listClients, revokeClient } from './clients';
import type { DetectionDetail } from './detection-detail';
import { getDetection, listDetections, raiseDetection, recordVerdict } from './detections';
import { downloadEvidence, type EvidenceDownload } from './evidence-download';
import { presignEvidence } from './evidence-presign';
import { type EvidenceUploadRequest, uploadEvidence } from './evidence-upload';
import { type AntiCheatWriteOptions, type AntiCheatWriteResult, idempotentWrite } from './idempotent-write';
import { requireProjectKey } from './project-key';
import { type AntiCheatSessionListQuery, listSessions } from './session-list';
import { endSession, getSession, startSession } from './sessions';
import type { AntiCheatContext } from './types';
import type { AntiCheatClient, AntiCheatClientEnroll, AntiCheatClientListQuery, AntiCheatSession, AntiCheatSessionEndResult, AntiCheatSessionStart, AntiCheatSessionStarted, Detection, DetectionListQuery, DetectionRaise, DetectionVerdictRequest, EvidencePresign, EvidencePresignRequest, EvidenceUpload } from '../../contract-types';
import type { Page } from '../../db/page-query';

/** Options of AntiCheatService beyond the app deps. */
export interface AntiCheatServiceOptions {
  /** Where evidence bytes go; defaults to createEvidenceStorage (the database on PostgreSQL, else a local directory). */
  storage?: StorageDriver;
}

/**
 * The anti-cheat integration surface (R12.1 to R12.22), for API keys only:
 * the project always comes from the key (a projectId in body or query is ignored) and another project's sessions,
 * detections, evidence and clients are 404. Scopes are checked by the router from the contract; session start also
 * needs the PRO plan (403 PLAN_REQUIRED). The writes take an Idempotency-Key (R12.19, idempotent-write.ts). The
 * presign secret is config.presignSecret, else random per instance.
 */
export class AntiCheatService {
  /** Storage of evidence bytes. */
  readonly storage: StorageDriver;
  readonly #ctx: AntiCheatContext;

  constructor(deps: AppDeps, options: AntiCheatServiceOptions = {}) {
    this.storage = options.storage ?? createEvidenceStorage(deps.config, deps.db, deps.clock);
    const presignSecret = deps.config.presignSecret ? Buffer.from(deps.config.presignSecret, 'utf8') : randomBytes(32);
    this.#ctx = { deps, storage: this.storage, presignSecret };
  }

  /** Starts a session (sessionId = matchId); see anti-cheat/sessions.ts startSession. */
  startSession(auth: AuthContext, input: AntiCheatSessionStart, options?: AntiCheatWriteOptions): Promise<AntiCheatWriteResult<AntiCheatSessionStarted>> {
    const key = requireProjectKey(auth);
    return idempotentWrite(this.#ctx.deps, key, { operation: 'startAntiCheatSession', parts: { body: input }, options }, (record) =>
      startSession(this.#ctx, key, input, record),
    );
  }

  /** A page of the project's sessions, newest first, optionally by status or match (R12.20). */
  listSessions(auth: AuthContext, query: AntiCheatSessionListQuery): Promise<Page<AntiCheatSession>> {
    return listSessions(this.#ctx, requireProjectKey(auth), query);
  }

  /** The project's session with this id; 404 otherwise. */
  getSession(auth: AuthContext, sessionId: string): Promise<AntiCheatSession> {
    return getSession(this.#ctx, requireProjectKey(auth), sessionId);
  }

  /** Ends the project's active session with this id, or does nothing (`ended: false`), whatever the plan; emits anticheat.session_completed. */
  endSession(auth: AuthContext, sessionId: string, reason?: string): Promise<AntiCheatSessionEndResult> {
    return endSession(this.#ctx, requireProjectKey(auth), sessionId, reason);
  }

  /** Raises a detection in an active session; emits anticheat.detection_raised. */
  raiseDetection(auth: AuthContext, sessionId: string, input: DetectionRaise, options?: AntiCheatWriteOptions): Promise<AntiCheatWriteResult<Detection>> {
    const key = requireProjectKey(auth);
    return idempotentWrite(this.#ctx.deps, key, { operation: 'raiseDetection', parts: { sessionId, body: input }, options }, (record) =>
      raiseDetection(this.#ctx, key, sessionId, input, record),
    );
  }

  /** A page of the project's detections, newest first (R3.3). */
  listDetections(auth: AuthContext, query: DetectionListQuery): Promise<Page<Detection>> {
    return listDetections(this.#ctx, requireProjectKey(auth), query);
  }

  /** One detection of the project with AI verdict, verdict note and evidence metadata (404 for another project's). */
  getDetection(auth: AuthContext, detectionId: string): Promise<DetectionDetail> {
    return getDetection(this.#ctx, requireProjectKey(auth), detectionId);
  }

  /** Records the verdict of a detection (once; 409 afterwards); emits anticheat.verdict_recorded. */
  recordVerdict(auth: AuthContext, detectionId: string, input: DetectionVerdictRequest, options?: AntiCheatWriteOptions): Promise<AntiCheatWriteResult<Detection>> {
    const key = requireProjectKey(auth);
    return idempotentWrite(this.#ctx.deps, key, { operation: 'recordDetectionVerdict', parts: { detectionId, body: input }, options }, (record) =>
      recordVerdict(this.#ctx, key, detectionId, input, record),
    );
  }

  /** Presigns one evidence upload; `apiRoot` is the public API root the URL starts with. */
  presignEvidence(auth: AuthContext, input: EvidencePresignRequest, apiRoot: string, options?: AntiCheatWriteOptions): Promise<AntiCheatWriteResult<EvidencePresign>> {
    const key = requireProjectKey(auth);
    return idempotentWrite(this.#ctx.deps, key, { operation: 'presignEvidenceUpload', parts: { body: input }, options }, (record) =>
      presignEvidence(this.#ctx, key, input, apiRoot, record),
    );
  }

  /** The bytes of one uploaded evidence file of the project, with its content type (R12.18; 404 otherwise). */
  downloadEvidence(auth: AuthContext, mediaFileId: string): Promise<EvidenceDownload> {
    return downloadEvidence(this.#ctx, requireProjectKey(auth), mediaFileId);
  }

  /** Verifies and stores the bytes PUT to a presigned URL (no credentials: the signature authorizes). */
  uploadEvidence(request: EvidenceUploadRequest): Promise<EvidenceUpload> {
    return uploadEvidence(this.#ctx, request);
  }

  /** Enrolls a user's anti-cheat client for the project. */
  enrollClient(auth: AuthContext, input: AntiCheatClientEnroll, options?: AntiCheatWriteOptions): Promise<AntiCheatWriteResult<AntiCheatClient>> {
    const key = requireProjectKey(auth);
    return idempotentWrite(this.#ctx.deps, key, { operation: 'enrollAntiCheatClient', parts: { body: input }, options }, (record) =>
      enrollClient(this.#ctx, key, input, record),
    );
  }

  /** The project's clients, newest first. */
  listClients(auth: AuthContext, query: AntiCheatClientListQuery): Promise<Page<AntiCheatClient>> {
    return listClients(this.#ctx, requireProjectKey(auth), query);
  }

  /** Revokes a client of the project (idempotent). */
  revokeClient(auth: AuthContext, clientId: string): Promise<void> {
    return revokeClient(this.#ctx, requireProjectKey(auth), clientId);
  }
}
