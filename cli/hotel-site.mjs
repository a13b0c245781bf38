#!/usr/bin/env node
// The `hotel-site` bin: bundles the TypeScript sources when they changed (cli/bundle.mjs), then runs them.
import { bundledCli, ensureBundle } from './bundle.mjs';
import { loadCompiledBundle } from './compiled-bundle.mjs';

// React (an external package) picks its production build from NODE_ENV when first loaded; the
// development build renders pages several times slower.
process.env.NODE_ENV ??= 'production';
// For the modules Node loads itself (the config, watch mode's): the CLI's own stack frames are
// mapped by ./compiled-bundle.mjs.
process.setSourceMapsEnabled(true);
await ensureBundle();
const { file, hash } = bundledCli();
const { main } = loadCompiledBundle(file, hash);
await main(process.argv);
