// Quality bar: html-validate reports no errors on any page of the fixture build.
//
// .htmlvalidate.json extends html-validate:recommended and changes only what is a matter of
// serialization, not of validity:
// - void-style off: React writes void elements as `<br/>`, the CMS HTML the pipeline sanitized
//   keeps `<br>`; both are valid HTML, and one page holds both.
// - attr-case off: React writes some attribute names in camelCase (srcSet, charSet, hrefLang,
//   fetchPriority, dateTime); HTML attribute names are case-insensitive.
// - attribute-boolean-style / attribute-empty-style "empty": React writes boolean and empty
//   attributes as `download=""`, `open=""`, which is valid.
// - tel-non-breaking ignores .button: a button's label ("Tisch reservieren: …") is words; the
//   number inside it is still non-breaking (templates/format.ts phoneText).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fg from 'fast-glob';
import { HtmlValidate, type ConfigData } from 'html-validate';
import { describe, expect, inject, it } from 'vitest';
import { projectPath } from '../../site/project-root';

const dist = inject('fixtureSite');
const files = fg.sync('**/*.html', { cwd: dist }).sort();
const validator = new HtmlValidate(JSON.parse(readFileSync(projectPath('.htmlvalidate.json'), 'utf8')) as ConfigData);

describe('html-validate over the fixture build', () => {
  it('finds every page, in both languages, with the 404 pages', () => {
    expect(files.length).toBeGreaterThan(40);
    expect(files).toContain('de/404.html');
    expect(files).toContain('en/404.html');
  });

  it('reports no errors on any page', async () => {
    const problems: string[] = [];
    for (const file of files) {
      const report = await validator.validateString(readFileSync(join(dist, file), 'utf8'), file);
      for (const result of report.results) {
        for (const message of result.messages) {
          if (message.severity === 2) problems.push(`${file}:${message.line}:${message.column} ${message.ruleId}: ${message.message} [${message.selector ?? ''}]`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
