/**
 * A list as forms send it: an array (JSON body, repeated form fields), a JSON array string, or a
 * comma list ('a,b', or one value). Anything else is handed on for the schema to refuse.
 */
export function formList(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  const s = v.trim();
  if (s.startsWith('[')) {
    try {
      return JSON.parse(s);
    } catch {
      return v;
    }
  }
  return s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
}
