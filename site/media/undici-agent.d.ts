// undici's Agent on its own (site/media/fetch-file.ts): the package's index also loads its fetch,
// WebSocket, cache and mocks, which the media downloads never use and which stay in memory for the
// rest of the build. The package is pinned to one version, since this path is not its public API.
declare module 'undici/lib/dispatcher/agent.js' {
  import type { Agent } from 'undici';

  const AgentClass: typeof Agent;
  export default AgentClass;
}
