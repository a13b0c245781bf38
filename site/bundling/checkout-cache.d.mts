/** The cache folder of the checkout at `root`: node_modules/.cache/hotel-site/checkouts/<name>-<hash>. */
export function checkoutCacheDir(root: string): string;
