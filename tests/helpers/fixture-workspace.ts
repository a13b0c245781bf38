// A scratch folder and an embedded backend over a copy of the fixtures (tests may replace them),
// with the project's config pointed at it: what in-process build tests start from.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixtures } from '../../site/cms/fixtures/index';
import { startContentBackend, type ContentBackend } from '../../site/cms/server';
import type { ResolvedConfig } from '../../site/config/define-config';
import { loadConfig } from '../../site/config/load-config';
import { resolveConfig } from '../../site/config/resolve-config';
import { projectPath } from '../../site/project-root';

export interface FixtureWorkspace {
  work: string;
  backend: ContentBackend;
  config: ResolvedConfig;
  close(): Promise<void>;
}

export async function openFixtureWorkspace(prefix: string): Promise<FixtureWorkspace> {
  const work = await mkdtemp(join(tmpdir(), prefix));
  const backend = await startContentBackend({ fixtures: structuredClone(fixtures) });
  const loaded = await loadConfig({ configFile: projectPath('site.config.ts') });
  const config = resolveConfig(loaded.config, { endpoint: backend.endpoint }, {});
  return {
    work, backend, config,
    async close() {
      await backend.close();
      await rm(work, { recursive: true, force: true, maxRetries: 10 });
    },
  };
}
