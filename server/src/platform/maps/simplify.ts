/**
 * Fewer points for the same line (Douglas-Peucker): a road from OSRM has a point at every bend,
 * thousands on a long trip, while the map needs a few hundred to draw it. The tolerance starts at
 * about a metre and doubles until the line fits in `maxPoints`; the ends are always kept.
 */
export function simplifyPath(path: ReadonlyArray<readonly [number, number]>, maxPoints: number): Array<[number, number]> {
  const copy = path.map(([a, b]): [number, number] => [a, b]);
  if (copy.length <= maxPoints || copy.length <= 2) return copy;
  // Degrees of longitude shrink with the latitude: scaled so that distances are even in every direction.
  const k = Math.cos((copy[0][0] * Math.PI) / 180);
  let tolerance = 0.00001;
  for (;;) {
    const kept = douglasPeucker(copy, tolerance, k);
    if (kept.length <= maxPoints) return kept;
    tolerance *= 2;
  }
}

/** [lat, lng] points; the distance of a point from a chord is measured in (lat, lng x k) degrees. */
function douglasPeucker(points: Array<[number, number]>, tolerance: number, k: number): Array<[number, number]> {
  const keep = new Uint8Array(points.length);
  keep[0] = keep[points.length - 1] = 1;
  const stack: Array<[number, number]> = [[0, points.length - 1]];
  while (stack.length) {
    const [first, last] = stack.pop()!;
    const [ay, ax] = [points[first][0], points[first][1] * k];
    const [by, bx] = [points[last][0], points[last][1] * k];
    const [dx, dy] = [bx - ax, by - ay];
    const length = Math.hypot(dx, dy);
    let far = -1;
    let farDistance = tolerance;
    for (let i = first + 1; i < last; i++) {
      const [py, px] = [points[i][0], points[i][1] * k];
      const d = length === 0 ? Math.hypot(px - ax, py - ay) : Math.abs(dy * (px - ax) - dx * (py - ay)) / length;
      if (d > farDistance) {
        far = i;
        farDistance = d;
      }
    }
    if (far !== -1) {
      keep[far] = 1;
      stack.push([first, far], [far, last]);
    }
  }
  return points.filter((_, i) => keep[i] === 1);
}
