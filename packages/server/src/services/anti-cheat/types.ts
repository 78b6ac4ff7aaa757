import type { AppDeps } from '../../deps';
import type { StorageDriver } from '../../storage/storage-driver';

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
