// JSON that may stand anywhere in HTML: island props in a data- attribute (templates/islands.tsx)
// and schema.org data in a <script type="application/ld+json"> (templates/structured-data/).
// `<`, `>` and `&` become \u escapes, so neither `</script>`, `<!--` nor an entity can appear;
// U+2028/U+2029 too, which older JavaScript parsers read as line ends. JSON.parse restores the text.
const UNSAFE_IN_HTML = /[<>&\u2028\u2029]/g;

export function jsonInHtml(value: unknown): string {
  return JSON.stringify(value).replace(UNSAFE_IN_HTML, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
