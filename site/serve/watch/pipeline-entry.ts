// The generator as `watch` imports it afresh after a change under site/ (./fresh-import): the
// stages it runs (not render: pages render on request, from the templates' own bundle) and what
// the session needs besides them, from one bundle so all see the same code.
export { connect } from '../../stages/1-connect';
export { assets, type BuiltAssets } from '../../stages/2-assets';
export { siteData, type PreparedSite } from '../../stages/6-site-data';
export { extras } from '../../stages/8-extras';
export { commit } from '../../stages/9-commit';
export { prepareSite } from '../../stages/prepare';
export { runStage, sayOnce, stageContext, type DriverMemo } from '../../stages/stage';
export { loadConfig } from '../../config/load-config';
export { resolveConfig } from '../../config/resolve-config';
export { startContentBackend } from '../../cms/server';
export { createStaging } from '../../output/staging';
export { securityHeaders } from '../../output/security-headers';
export { fileOfHref } from '../../routes/url-to-file';
