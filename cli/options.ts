// Option parsers shared by the commands: a bad value is a usage error (exit 2) naming the flag.
import { InvalidArgumentError } from 'commander';

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

/** A TCP port; 0 lets the system pick a free one. */
export const parsePort = parseInteger('--port', 0, 65_535);

export function parseRate(flag: string) {
  return (value: string): number => {
    const number = Number(value);
    if (!Number.isFinite(number) || number < 0 || number > 1) throw new InvalidArgumentError(`${flag} takes a number from 0 to 1, got "${value}".`);
    return number;
  };
}
