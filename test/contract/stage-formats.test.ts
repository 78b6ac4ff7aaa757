/**
 * The stage formats of the contract, core's format registry and the SDK's format table agree: the same formats in
 * the same order, the contract's documented defaults (`StageSettings` `default`s and the tiebreak description) are
 * core's `FORMAT_DEFAULTS`, and each format's settings (the SE/DE/RR/SW/GR marks of the descriptions) are the SDK's.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DEFAULT_ROUND_INTERVAL_MINUTES, FORMATS, STAGE_FORMATS, withFormatDefaults, type StageFormat } from '@tourney/core';
import { STAGE_FORMAT_INFO, STAGE_FORMATS as SDK_STAGE_FORMATS } from '@tourney/sdk';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';

interface PropertySchema {
  default?: unknown;
  description?: string;
}

const doc = parse(readFileSync(fileURLToPath(new URL('../../openapi.yaml', import.meta.url)), 'utf8')) as {
  components: { schemas: { StageFormat: { enum: string[] }; StageSettings: { properties: Record<string, PropertySchema> } } };
};
const contractFormats = doc.components.schemas.StageFormat.enum;
const properties = doc.components.schemas.StageSettings.properties;

/** The description's abbreviations, as in `StageSettings`: "SE = SINGLE_ELIMINATION, ...". */
const ABBREVIATIONS: Record<string, StageFormat> = {
  SE: 'SINGLE_ELIMINATION',
  DE: 'DOUBLE_ELIMINATION',
  RR: 'ROUND_ROBIN',
  SW: 'SWISS',
  GR: 'GROUPS',
  SL: 'STEPLADDER',
};

/** The formats a setting applies to: the marks its description starts with ("RR, SW, GR."), or every format. */
function formatsOf(field: string): StageFormat[] {
  const marks = /^((?:SE|DE|RR|SW|GR|SL)(?:, (?:SE|DE|RR|SW|GR|SL))*)\./.exec(properties[field]?.description ?? '');
  return marks ? (marks[1] as string).split(', ').map((m) => ABBREVIATIONS[m] as StageFormat) : [...STAGE_FORMATS];
}

describe('stage formats: contract, core and SDK', () => {
  it('list the same formats in the same order', () => {
    expect(STAGE_FORMATS).toEqual(contractFormats);
    expect(SDK_STAGE_FORMATS).toEqual(contractFormats);
  });

  it("core's defaults are the contract's defaults, format by format", () => {
    for (const [field, schema] of Object.entries(properties)) {
      if (schema.default === undefined) continue;
      for (const format of formatsOf(field)) {
        expect({ format, field, value: withFormatDefaults(format)[field as 'thirdPlaceMatch'] }).toEqual({ format, field, value: schema.default });
      }
    }
    expect(properties.roundIntervalMinutes?.default).toBe(DEFAULT_ROUND_INTERVAL_MINUTES);
  });

  it("core's default tiebreaks are the ones the contract documents", () => {
    const text = properties.tiebreaks?.description ?? '';
    const list = (s: string) => s.split(',').map((t) => t.trim());
    const pool = list(/Default \[([^\]]+)\]/.exec(text)?.[1] ?? '');
    const swiss = list(/\(SW \[([^\]]+)\]\)/.exec(text)?.[1] ?? '');
    expect(FORMATS.ROUND_ROBIN.defaults.tiebreaks).toEqual(pool);
    expect(FORMATS.GROUPS.defaults.tiebreaks).toEqual(pool);
    expect(FORMATS.SWISS.defaults.tiebreaks).toEqual(swiss);
  });

  it("the SDK's settings per format follow the contract's marks, and its traits core's", () => {
    for (const format of STAGE_FORMATS) {
      const fields = Object.keys(properties).filter((field) => formatsOf(field).includes(format));
      expect({ format, settings: [...STAGE_FORMAT_INFO[format].settings].sort() }).toEqual({ format, settings: fields.sort() });
      expect(STAGE_FORMAT_INFO[format].isElimination).toBe(FORMATS[format].traits.isElimination);
      expect(STAGE_FORMAT_INFO[format].hasStandings).toBe(FORMATS[format].traits.hasStandings);
      expect(STAGE_FORMAT_INFO[format].hasLosersBracket).toBe((FORMATS[format].brackets as readonly string[]).includes('LOSERS'));
    }
  });
});
