/**
 * @tourney/sdk: typed client of the Tourney API (types generated from openapi.yaml, runtime openapi-fetch).
 * Works in Node 20+, browsers, Deno and Bun (fetch only).
 */
export { createTourneyClient, createTourneyClientFor } from './client';
export type { TourneyClient, TourneyClientOf, TourneyClientOptions } from './client';
export type {
  HttpMethod,
  InitParam,
  MediaType,
  PageItem,
  PaginateMethod,
  PaginatedPaths,
  PathsWithMethod,
  SuccessBody,
  ThrowingMethod,
} from './client-types';
export { TourneyError, isTourneyError } from './errors';
export type {
  ClientErrorCode,
  ResponseSnapshot,
  TourneyErrorCode,
  TourneyErrorDetail,
  TourneyErrorInit,
} from './errors';
export type { RequestSnapshot } from './request-snapshot';
export { DEFAULT_RETRY } from './retry';
export type { FetchFn, RetryOptions } from './retry';
export type { SleepFn } from './sleep';
export { DEFAULT_PAGINATE_LIMIT } from './paginate';
export { sha256Hex, uploadEvidence } from './evidence';
export type { EvidenceBytes, EvidenceKind, EvidenceUpload, EvidenceUploadInput, UploadEvidenceOptions } from './evidence';
export { SDK_VERSION } from './version';
export type { LiveEvent, LiveEventsOptions } from './live-events';
export { STAGE_FORMAT_INFO, STAGE_FORMATS, stageFormatInfo, type StageFormatInfo } from './stage-formats';
export { signWebhookPayload, verifyWebhook, WEBHOOK_TOLERANCE_SECONDS, WebhookVerificationError } from './webhooks';
export type {
  VerifyWebhookOptions,
  WebhookDelivery,
  WebhookDeliveryAttempt,
  WebhookHeaderInput,
  WebhookRawBody,
  WebhookSecretRotated,
  WebhookSignatureHeaders,
  WebhookVerificationErrorCode,
} from './webhooks';
export type { components, operations, paths } from './generated/schema';
export type * from './models';
