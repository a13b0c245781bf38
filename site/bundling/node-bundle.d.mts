import type { BuildOptions, Message } from 'esbuild';

export function nodeBundleOptions<T extends BuildOptions>(root: string, entryPoints: string[] | Record<string, string>, overrides?: T): T & Omit<BuildOptions, keyof T>;
export function formatBuildMessages(messages: readonly Message[], showPath: (file: string) => string): string;
export function importBundle(file: string, code: string, map?: Uint8Array | string): Promise<unknown>;
