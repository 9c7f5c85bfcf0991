import { snippetParts } from '../format';

/** A search result's text with the matched words highlighted (plain text pieces: nothing is parsed as HTML). */
export function Snippet({ snippet }: { snippet: string }) {
  return (
    <>
      {snippetParts(snippet).map((part, i) =>
        part.hit ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one string, in order
          <mark key={i}>{part.text}</mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one string, in order
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}
