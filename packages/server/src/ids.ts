import { v7 } from 'uuid';

/** A new identifier: a UUID v7 (spec 2.2 asks for UUIDs; v7 sorts by creation time, see docs/decisions.md). */
export const newId = (): string => v7();
