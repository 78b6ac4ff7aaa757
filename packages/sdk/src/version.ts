/** Version of this SDK, sent in the User-Agent header (kept equal to package.json "version"; a test checks it). */
export const SDK_VERSION = '0.1.0';
