// The CLI: commander turns flags into options and calls the core; errors end in cli/errors.ts.
import { readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { projectPath } from '../site/project-root';
import { registerBuild } from './build';
import { registerCms } from './cms';
import { registerPreview } from './preview';
import { registerWatch } from './watch';
import { reportError } from './errors';
import { ERROR_PREFIX, terminalStyles } from './terminal-style';

export async function main(argv: string[]): Promise<void> {
  const { version } = JSON.parse(readFileSync(projectPath('package.json'), 'utf8')) as { version: string };
  const program = new Command('hotel-site')
    .description('Prerenders the castle hotel website from its headless CMS into static HTML (de, en).')
    .version(version, '-v, --version')
    .option('--verbose', 'show causes and stack traces of errors')
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride();
  const style = terminalStyles(program);
  // commander's usage errors ("error: unknown option …") in the colour of ours (cli/errors.ts).
  program.configureOutput({ outputError: (text, write) => write(text.replace(ERROR_PREFIX, style.err.error(ERROR_PREFIX))) });
  registerBuild(program);
  registerCms(program);
  registerPreview(program);
  registerWatch(program);
  for (const command of program.commands) command.exitOverride();

  try {
    await program.parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version exit 0; every other commander error is a usage error (exit 2).
      process.exitCode = error.exitCode === 0 ? 0 : 2;
      return;
    }
    process.exitCode = reportError(error, { verbose: program.opts<{ verbose?: boolean }>().verbose === true || argv.includes('--verbose'), style: style.err });
  }
}
