// Option parsers shared by the commands: a bad value is a usage error (exit 2) naming the flag.
import { InvalidArgumentError } from 'commander';

export function parseInteger(flag: string, min = 0) {
  return (value: string): number => {
    const number = Number(value);
    if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(number) || number < min) {
      throw new InvalidArgumentError(`${flag} takes a whole number${min ? ` ≥ ${min}` : ''}, got "${value}".`);
    }
    return number;
  };
}

export function parseRate(flag: string) {
  return (value: string): number => {
    const number = Number(value);
    if (!Number.isFinite(number) || number < 0 || number > 1) throw new InvalidArgumentError(`${flag} takes a number from 0 to 1, got "${value}".`);
    return number;
  };
}
