import net from 'node:net';

/**
 * The Redis the tests count shared rate limits in: TEST_REDIS_URL, else the usual local one
 * (redis://127.0.0.1:6379, which CI runs). Answers null when the default one is not there, so a
 * developer machine without Redis skips those tests (with a printed line); a TEST_REDIS_URL that
 * does not answer is an error, not a skip.
 */
export async function testRedisUrl(): Promise<string | null> {
  const explicit = process.env.TEST_REDIS_URL;
  const url = explicit || 'redis://127.0.0.1:6379';
  const u = new URL(url);
  const up = await new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: u.hostname, port: Number(u.port || 6379) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (d) => done(d.toString().startsWith('+PONG') || d.toString().startsWith('-NOAUTH')));
  });
  if (up) return url;
  if (explicit) throw new Error(`TEST_REDIS_URL=${explicit} does not answer`);
  console.log(`[tests] Redis is not reachable at ${url}: shared rate-limit tests are skipped (set TEST_REDIS_URL to run them).`);
  return null;
}

/** A random client address, so counters in a shared Redis never mix between tests or runs. */
export function randomClientIp(): string {
  const b = () => 1 + Math.floor(Math.random() * 254);
  return `10.${b()}.${b()}.${b()}`;
}
