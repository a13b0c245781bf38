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
      name: 'no-cycles',
      comment: 'No file cycles; a cycle some of whose imports are type-only is allowed.',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'site-not-cli',
      comment: 'Layers point one way: cli → site → templates. The generator never imports the command line.',
      severity: 'error',
      from: { path: '^site/' },
      to: { path: '^cli/' },
    },
    {
      name: 'templates-only-model',
      comment: 'Templates import only the model (site/model/) and their own folder; what else a page needs arrives as page props.',
      severity: 'error',
      from: { path: '^templates/' },
      to: { path: '^(site|cli|tests)/', pathNot: '^site/model/' },
    },
    {
      name: 'model-owned-by-neither',
      comment: 'The model (content types, page model, route table, dates) is shared by the generator and the templates and imports neither.',
      severity: 'error',
      from: { path: '^site/model/' },
      to: { path: '^(site/(?!model/)|templates/|cli/)' },
    },
    // A stage (site/stages/<n>-<name>.ts) knows the stages before it by their output types only.
    ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => ({
      name: 'stage-imports-earlier-stages',
      comment: `Stage ${n} imports only stages that run before it.`,
      severity: 'error',
      from: { path: `^site/stages/${n}-` },
      to: { path: `^site/stages/[${n}-9]-` },
    })),
    {
      name: 'stage-imports-stage-types',
      comment: "A stage takes another stage's output as its input: it imports that stage's types, never its code.",
      severity: 'error',
      from: { path: '^site/stages/[0-9]-' },
      to: { path: '^site/stages/[0-9]-', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'stage-not-driver',
      comment: 'Stages are run by the drivers (build, preview, watch); they never import one.',
      severity: 'error',
      from: { path: '^site/stages/([0-9]-|stage\\.ts$|heap\\.ts$)' },
      to: { path: '^site/(build|build-driver)\\.ts$|^site/serve/|^site/stages/(index|prepare)\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '(^|/)node_modules/' },
  },
};
