// The stages in the order they run (docs/architecture.md). Every driver runs these same objects:
// build all of them once (site/build.ts), preview and watch the ones their requests and changes need.
export { connect } from './1-connect';
export { assets, type BuiltAssets } from './2-assets';
export { fetch } from './3-fetch';
export { routes } from './4-routes';
export { media } from './5-media';
export { siteData, type PreparedSite } from './6-site-data';
export { render } from './7-render';
export { extras } from './8-extras';
export { commit } from './9-commit';
export { runStage, sayOnce, stageContext, type DriverContext, type DriverMemo } from './stage';
export { prepareSite } from './prepare';
