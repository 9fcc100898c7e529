// The page Static's tests render: on the server (Static.server.test.tsx) and in the browser
// (Static.test.tsx), which hydrates the markup the server test checks.
import { useState } from 'react';
import { Static } from './Static';

export const renders = { count: 0 };

function Counted({ text }: { text: string }) {
  renders.count += 1;
  return <p>{text}</p>;
}

export function Page({ text = 'Three areas, one account' }: { text?: string }) {
  const [clicks, setClicks] = useState(0);
  return (
    <main>
      <button type="button" onClick={() => setClicks(clicks + 1)}>
        Clicked {clicks}
      </button>
      <Static>
        <Counted text={text} />
      </Static>
    </main>
  );
}

/** What the server renders of Page. */
export const SERVER_MARKUP =
  '<main><button type="button">Clicked <!-- -->0</button>' +
  '<div data-static=""><p>Three areas, one account</p></div></main>';
