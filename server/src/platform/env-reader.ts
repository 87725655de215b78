/**
 * Reading an integration's settings from the environment: a value is its trimmed text (blank
 * reads as unset), and a whole number that isn't one stops the start with the variable's name.
 */
export function envReader(env: NodeJS.ProcessEnv) {
  const get = (name: string): string | undefined => env[name]?.trim() || undefined;
  const whole = (name: string, fallback: number): number => {
    const v = get(name);
    if (v === undefined) return fallback;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${v}"`);
    return n;
  };
  return { get, whole };
}
