/**
 * Request bodies are cleaned of null, empty and 'Unknown' values before validation (spec 000
 * section 5): forms send those for "nothing chosen", and they must read as absent, not as values.
 */
export function cleanBody<T>(value: T): T {
  if (Array.isArray(value)) {
    return value.filter((v) => !isBlank(v)).map((v) => cleanBody(v)) as T;
  }
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (!isBlank(v)) out[k] = cleanBody(v);
    }
    return out as T;
  }
  return value;
}

function isBlank(v: unknown): boolean {
  return v === null || v === undefined || v === '' || v === 'Unknown';
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}
