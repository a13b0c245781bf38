#!/usr/bin/env node
// The `hotel-site` bin: bundles the TypeScript sources when they changed (cli/bundle.mjs), then runs them.
import { pathToFileURL } from 'node:url';
import { bundledEntry, ensureBundle } from './bundle.mjs';

// React (an external package) picks its production build from NODE_ENV when first loaded; the
// development build renders pages several times slower.
process.env.NODE_ENV ??= 'production';
process.setSourceMapsEnabled(true);
await ensureBundle();
const { main } = await import(pathToFileURL(bundledEntry('cli')).href);
await main(process.argv);
