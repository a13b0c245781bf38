// `npm run bench`: bundles the TypeScript benchmark like the bin does, then runs it.
import { pathToFileURL } from 'node:url';
import { bundledEntry, ensureBundle } from '../../cli/bundle.mjs';

await ensureBundle();
const { main } = await import(pathToFileURL(bundledEntry('bench')).href);
await main(process.argv.slice(2));
