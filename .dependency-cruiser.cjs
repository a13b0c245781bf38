// Import rules of the project (docs/architecture.md, "Layers"), checked by `npm test`.
/** @type {import('dependency-cruiser').IConfiguration} */
const GENERATOR = '^(site/(?!serve/|cms/)|templates/)';
module.exports = {
  forbidden: [
    {
      name: 'generator-not-servers',
      comment: 'The generator (site/ outside serve/ and cms/, templates/) never imports the dev servers.',
      severity: 'error',
      from: { path: GENERATOR },
      to: { path: '^site/serve/' },
    },
    {
      name: 'generator-not-backend',
      comment: 'The generator never imports the embedded backend; only connect.ts loads it, on demand, when no endpoint is set.',
      severity: 'error',
      from: { path: GENERATOR, pathNot: '^site/content/connect\\.ts$' },
      to: { path: '^site/cms/' },
    },
    {
      name: 'backend-loaded-on-demand',
      comment: 'connect.ts may name the backend only as a type or load it with a dynamic import.',
      severity: 'error',
      from: { path: '^site/content/connect\\.ts$' },
      to: { path: '^site/cms/', dependencyTypesNot: ['dynamic-import', 'type-only'] },
    },
    {
      name: 'backend-not-generator',
      comment: "The embedded backend is a CMS of its own: it does not use the generator's route table, rendering or content code (types aside).",
      severity: 'error',
      from: { path: '^site/cms/' },
      to: { path: '^(site/(routes|render|output|content|media|incremental|serve)/|templates/)', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'templates-not-build',
      comment: 'Templates read the page model only; they never reach into the build, the output or the servers.',
      severity: 'error',
      from: { path: '^templates/' },
      to: { path: '^site/(output|incremental|media|serve|cms)/|^site/(build|prepare-site)\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '(^|/)node_modules/' },
  },
};
