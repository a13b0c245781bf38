// One length rule for page paths, shared by the build and the servers (docs/hardening.md): an
// alias whose href — percent-encoded, as pages link it and browsers request it — is longer is not
// published (./alias.ts), and a longer request path is refused (site/serve/request-path.ts). So
// every page the build writes can be served: by preview, and by static hosts and proxies, many of
// which refuse longer URLs too. No real page comes close.
export const MAX_PATH_LENGTH = 2048;
