/** JSON.parse that yields undefined for bad text, so a schema reports the problem instead of a SyntaxError. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
