// The generator as `watch` imports it afresh after a change under site/ (./fresh-import): the
// stages, and what the session needs besides them, from one bundle so all see the same code.
export * from '../../stages';
export { loadConfig } from '../../config/load-config';
export { resolveConfig } from '../../config/resolve-config';
export { startContentBackend } from '../../cms/server';
export { createStaging } from '../../output/staging';
export { securityHeaders } from '../../output/security-headers';
export { fileOfHref } from '../../routes/url-to-file';
