// Colour in the terminal by commander's own rule — NO_COLOR or FORCE_COLOR=0 turn it off,
// FORCE_COLOR or CLICOLOR_FORCE on, else a terminal that has colours — so help, commander's usage
// errors, our errors, the progress lines and the summary always agree (README, "Commands").
import type { Command } from 'commander';
import { styleText } from 'node:util';

export interface Style {
  error(text: string): string;
  warning(text: string): string;
  success(text: string): string;
  dim(text: string): string;
  bold(text: string): string;
}

function createStyle(colors: boolean): Style {
  const paint = (format: Parameters<typeof styleText>[0]) => (text: string) => (colors ? styleText(format, text) : text);
  return { error: paint(['bold', 'red']), warning: paint('yellow'), success: paint('green'), dim: paint('dim'), bold: paint('bold') };
}

/** Styles for stdout and stderr, as the program's output configuration decides. */
export function terminalStyles(program: Command): { out: Style; err: Style } {
  const output = program.configureOutput();
  return { out: createStyle(Boolean(output.getOutHasColors?.())), err: createStyle(Boolean(output.getErrHasColors?.())) };
}

/** The one prefix of every error line, commander's usage errors and ours alike. */
export const ERROR_PREFIX = 'error:';
