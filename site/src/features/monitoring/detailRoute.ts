// The detail page's route validation, which can make the page a 404: `/monitoring/detail?id=N`
// needs one positive whole-number id.

const MAX_ID = 2 ** 31 - 1;

/** The source id of a detail page's query string, or null when it has no valid one. */
export function parseSourceId(search: string): number | null {
  const ids = new URLSearchParams(search).getAll('id');
  if (ids.length !== 1) return null;
  const [raw] = ids;
  if (!raw || !/^[1-9]\d*$/.test(raw)) return null;
  const id = Number(raw);
  return id <= MAX_ID ? id : null;
}
