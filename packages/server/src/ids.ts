import { v7 } from 'uuid';

/** A new identifier: a UUID v7 (R1.18; v7 sorts by creation time, see docs/decisions.md "Identifiers are UUID v7"). */
export const newId = (): string => v7();
