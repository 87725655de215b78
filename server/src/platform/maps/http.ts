/**
 * The plumbing the map clients share: a GET with a timeout and our User-Agent, whose failures
 * (network, timeout, HTTP error, not JSON) become one MapServiceError naming the service and what
 * went wrong, for the warning the map services log before falling back.
 */

export class MapServiceError extends Error {
  override name = 'MapServiceError';
}

export interface MapHttpOptions {
  /** 'Photon', 'Nominatim', 'OSRM': the name errors start with. */
  service: string;
  timeoutMs: number;
  userAgent: string;
  fetch: typeof fetch;
}

export interface MapHttpAnswer {
  status: number;
  json: unknown;
  text: string;
}

/** GETs `url`; a network failure or a timeout throws, any HTTP status is returned with its body. */
export async function getAnswer(o: MapHttpOptions, what: string, url: string): Promise<MapHttpAnswer> {
  let res: Response;
  let text: string;
  try {
    res = await o.fetch(url, {
      headers: { accept: 'application/json', 'user-agent': o.userAgent },
      signal: AbortSignal.timeout(o.timeoutMs),
    });
    text = await res.text();
  } catch (err) {
    const reason =
      err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')
        ? `timed out after ${o.timeoutMs} ms`
        : `failed: ${err instanceof Error ? err.message : String(err)}`;
    throw new MapServiceError(`${o.service} ${what} ${reason}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, json, text };
}

/** GETs `url` and returns its JSON; anything but a 200 with JSON throws. */
export async function getJson(o: MapHttpOptions, what: string, url: string): Promise<unknown> {
  const res = await getAnswer(o, what, url);
  if (res.status !== 200) throw httpError(o, what, res);
  if (res.json === undefined) throw new MapServiceError(`${o.service} ${what}: the answer is not JSON: ${snippet(res.text)}`);
  return res.json;
}

export function httpError(o: MapHttpOptions, what: string, res: MapHttpAnswer): MapServiceError {
  return new MapServiceError(`${o.service} ${what}: HTTP ${res.status} ${snippet(res.text)}`.trim());
}

/** Keeps errors readable in logs without dumping a whole HTML error page. */
export function snippet(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 200 ? `${flat.slice(0, 200)}…` : flat;
}

/** The description of a place: the parts of its address after its name, each once. */
export function describe(name: string, parts: Array<string | null | undefined>): string | null {
  const seen = new Set([name.trim().toLowerCase()]);
  const kept: string[] = [];
  for (const part of parts) {
    const p = part?.trim();
    if (!p || seen.has(p.toLowerCase())) continue;
    seen.add(p.toLowerCase());
    kept.push(p);
  }
  return kept.length ? kept.join(', ') : null;
}
