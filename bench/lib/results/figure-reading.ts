/** A value deep in a section's figures, or undefined: the file is input, so nothing is assumed. */
export function at(root: unknown, path: string): unknown {
  let value = root;
  for (const key of path.split('.')) {
    if (typeof value !== 'object' || value === null || !(key in value)) return undefined;
    value = Reflect.get(value, key);
  }
  return value;
}

/** A finite number deep in a section's figures, or undefined. */
export function num(root: unknown, path: string): number | undefined {
  const value = at(root, path);
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** A figure as the page shows it: en-GB grouping, at most two decimals, '-' when absent. */
export function fmt(value: number | undefined, unit = ''): string {
  if (value === undefined) return '-';
  return `${value.toLocaleString('en-GB', { maximumFractionDigits: 2 })}${unit}`;
}
