/**
 * The values of an Accept-style header (`Accept`, `Accept-Language`, `Accept-Encoding`) in order
 * of preference: by q-value, then by position; lower-cased, parameters dropped, q=0 (refused) left out.
 */
export function rankByQuality(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, i) => {
      const [value = '', ...params] = part.split(';');
      const q = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith('q='));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { value: value.trim().toLowerCase(), weight: Number.isFinite(weight) ? weight : 0, i };
    })
    .filter((r) => r.value !== '' && r.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.i - b.i)
    .map((r) => r.value);
}
