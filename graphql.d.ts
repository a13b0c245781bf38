// .graphql files are imported as text (esbuild `text` loader, vitest raw plugin).
declare module '*.graphql' {
  const source: string;
  export default source;
}
