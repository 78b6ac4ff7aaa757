/** File storage: the driver interface, the local-directory driver, and the evidence storage of a configuration. */
export { assertStorageKey, type StorageDriver, type StoredObject, type StoredObjectInfo, type StoredObjectStream } from './storage-driver';
export { LocalDirectoryStorage } from './local-directory-storage';
export { DatabaseStorage } from './database-storage';
export { checkEvidenceDirectory, createEvidenceStorage, EVIDENCE_DIR_NAME, evidenceDirectory } from './evidence-storage';
