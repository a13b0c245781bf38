// Where a checkout keeps what the bin generates (the CLI bundle, watch mode's bundles). Inside
// node_modules/.cache/hotel-site/ as tools do, but in a folder of its own per checkout: git
// worktrees often share one node_modules through a symlink, and a shared bundle would run (and
// watch) the other checkout's sources.
import { createHash } from 'node:crypto';
import { basename, join } from 'node:path';

/** The cache folder of the checkout at `root` (an absolute path, as the bin found it). */
export function checkoutCacheDir(root) {
  const key = createHash('sha256').update(root).digest('hex').slice(0, 10);
  return join(root, 'node_modules', '.cache', 'hotel-site', 'checkouts', `${basename(root)}-${key}`);
}
