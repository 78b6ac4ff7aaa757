import rawDocument from './generated/openapi.json';

/** The parts of an OpenAPI 3.1 document the server reads (the rest is carried along untyped). */
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, unknown>>;
  components?: Record<string, Record<string, unknown>>;
  security?: Array<Record<string, string[]>>;
  [key: string]: unknown;
}

/** The bundled contract: src/generated/openapi.json, generated from openapi.yaml by `npm run generate`. */
export const openapiDocument = rawDocument as unknown as OpenApiDocument;
