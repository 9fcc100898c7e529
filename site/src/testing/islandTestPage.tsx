// The page Island's tests render: on the server (Island.server.test.tsx) and in the browser
// (Island.test.tsx), which hydrates the markup the server test checks.
import { useState } from 'react';
import { Island } from '../start/Island';

export const renders: Record<string, number> = {};

function Counter({ name }: { name: string }) {
  renders[name] = (renders[name] ?? 0) + 1;
  const [clicks, setClicks] = useState(0);
  return (
    <button type="button" onClick={() => setClicks(clicks + 1)}>
      {name} {clicks}
    </button>
  );
}

/** A page with two parts; `prefix` names them, as each test hydrates a page of its own. */
export function Page({ prefix = 'p' }: { prefix?: string }) {
  return (
    <main>
      <Counter name={`${prefix}-page`} />
      <Island name={`${prefix}-first`}>
        <Counter name={`${prefix}-first`} />
      </Island>
      <Island name={`${prefix}-second`}>
        <Counter name={`${prefix}-second`} />
      </Island>
    </main>
  );
}

/** What the server renders of Page with `prefix`. */
export const serverMarkup = (prefix = 'p') =>
  `<main><button type="button">${prefix}-page<!-- --> <!-- -->0</button>` +
  `<div data-island="${prefix}-first" style="display:contents">` +
  `<button type="button">${prefix}-first<!-- --> <!-- -->0</button></div>` +
  `<div data-island="${prefix}-second" style="display:contents">` +
  `<button type="button">${prefix}-second<!-- --> <!-- -->0</button></div></main>`;
