// The coin an address names (`?coin=2`), apart from the pages that read it so that the phone's
// report view reads it without loading the reporting page's code.

/**
 * The coin an address asks to see (`/reporting/?coin=2`, a chat answer's report link), or null
 * when it names none or not one whole positive id.
 */
export function linkedCoinOf(search: string): number | null {
  const ids = new URLSearchParams(search).getAll('coin');
  const [raw] = ids;
  if (ids.length !== 1 || !raw || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  return Number(raw);
}
