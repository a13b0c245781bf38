// Defensive readers for raw GraphQL answers. A backend that speaks the schema may still send
// nulls, wrong types or odd values anywhere (every field in the schema is nullable); these turn
// whatever came into the narrow types the model wants, or null.

export type Raw = Record<string, unknown>;

export function obj(value: unknown): Raw | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Raw) : null;
}

export function list(value: unknown): Raw[] {
  return Array.isArray(value) ? value.map(obj).filter((item): item is Raw => item !== null) : [];
}

/** Trimmed non-empty string, or null. Control characters (except tab/newline) are dropped. */
export function str(value: unknown): string | null {
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return null;
  const text = value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '').trim();
  return text ? text : null;
}

export function num(value: unknown): number | null {
  const number = typeof value === 'string' && value.trim() ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : null;
}

export function int(value: unknown): number | null {
  const number = num(value);
  return number === null ? null : Math.trunc(number);
}

/** Booleans as GraphQL gives them, and Drupal's "1"/"0". */
export function bool(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 'true';
}

export function targetId(value: unknown): string | null {
  return str(obj(value)?.targetId);
}

export function targetIds(value: unknown): string[] {
  return list(value)
    .map((ref) => str(ref.targetId))
    .filter((id): id is string => id !== null);
}

export function intIds(value: unknown): number[] {
  return targetIds(value)
    .map(Number)
    .filter((id) => Number.isSafeInteger(id));
}
