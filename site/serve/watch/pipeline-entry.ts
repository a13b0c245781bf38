// The generator as `watch` imports it afresh after a change under site/ (./fresh-import): every
// stage the dev build runs, from one bundle, so they all see the same version of the code.
export { loadConfig } from '../../config/load-config';
export { resolveConfig } from '../../config/resolve-config';
export { connectContent } from '../../content/connect';
export { startContentBackend } from '../../cms/server';
export { prepareSite } from '../../prepare-site';
export { buildMenu, loadMessages, siteContexts } from '../../render/site-data';
export { bundleStyles } from '../../output/styles';
export { bundleClient } from '../../output/client-bundle';
export { copyPublicFiles } from '../../output/public-files';
export { sitemapItems, writeSitemap } from '../../output/sitemap';
export { createStaging } from '../../output/staging';
export { securityHeaders } from '../../output/security-headers';
export { fileOfHref } from '../../routes/url-to-file';
export { writeAssets, writeStaticExtras } from '../../output/site-files';
export { writeIslandSettings } from '../../output/island-settings';
