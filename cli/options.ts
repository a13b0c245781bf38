// Option parsers shared by the commands: a bad value is a usage error (exit 2) naming the flag.
// Numeric options say their range in --help, from the same bounds their parser checks.
import { InvalidArgumentError, Option } from 'commander';

export function parseInteger(flag: string, min = 0, max = Number.MAX_SAFE_INTEGER) {
  return (value: string): number => {
    const number = Number(value);
    if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(number) || number < min || number > max) {
      const range = max < Number.MAX_SAFE_INTEGER ? ` from ${min} to ${max}` : min ? ` ≥ ${min}` : '';
      throw new InvalidArgumentError(`${flag} takes a whole number${range}, got "${value}".`);
    }
    return number;
  };
}

/** A whole-number option whose help shows its range: "--concurrency <n>  … (1–64)". */
export function integerOption(flags: string, description: string, min: number, max?: number): Option {
  const flag = flags.split(/[\s,]/)[0]!;
  const range = max === undefined ? `≥ ${min}` : `${min}–${max}`;
  return new Option(flags, `${description} (${range})`).argParser(parseInteger(flag, min, max));
}

/** A TCP port; 0 lets the system pick a free one. */
export const portOption = (description: string) => integerOption('--port <n>', description, 0, 65_535);

/** A share from 0 to 1. */
export function rateOption(flags: string, description: string): Option {
  const flag = flags.split(/[\s,]/)[0]!;
  return new Option(flags, `${description} (0–1)`).argParser(parseRate(flag));
}

function parseRate(flag: string) {
  return (value: string): number => {
    const number = Number(value);
    if (!Number.isFinite(number) || number < 0 || number > 1) throw new InvalidArgumentError(`${flag} takes a number from 0 to 1, got "${value}".`);
    return number;
  };
}
