import Box from '@mui/material/Box';
import { memo, type ReactNode } from 'react';
import { type Part, partsOf } from '../tag-tokens';

// A segment's text as a person reads it: words, inline tags as small numbered chips ({1} as "1",
// {/1} as "/1", {2/} as "2/"), and the terms found in it highlighted (positions in plain text).

export interface Highlight {
  start: number;
  end: number;
  title: string;
}

function Chip({ part }: { part: Extract<Part, { t: 'tag' }> }) {
  const label = part.kind === 'open' ? part.id : part.kind === 'close' ? `/${part.id}` : `${part.id}/`;
  const name =
    part.kind === 'open' ? `tag ${part.id} opens` : part.kind === 'close' ? `tag ${part.id} closes` : `tag ${part.id}`;
  return (
    <Box
      component="span"
      role="img"
      aria-label={name}
      sx={{
        display: 'inline-block',
        px: 0.5,
        mx: 0.25,
        minWidth: 18,
        borderRadius: 1,
        bgcolor: 'secondary.main',
        color: 'secondary.contrastText',
        fontSize: 11,
        lineHeight: '16px',
        fontWeight: 700,
        textAlign: 'center',
        verticalAlign: 'text-bottom',
        fontFamily: 'monospace',
      }}
    >
      {label}
    </Box>
  );
}

function textWithHighlights(text: string, offset: number, highlights: readonly Highlight[], key: string): ReactNode[] {
  const out: ReactNode[] = [];
  let at = 0;
  for (const h of highlights) {
    const start = Math.max(h.start - offset, at);
    const end = Math.min(h.end - offset, text.length);
    if (end <= start) continue;
    if (start > at) out.push(text.slice(at, start));
    out.push(
      <Box
        key={`${key}-${h.start}`}
        component="mark"
        title={h.title}
        sx={{ bgcolor: 'warning.light', color: 'text.primary', borderRadius: 0.5, px: 0.25 }}
      >
        {text.slice(start, end)}
      </Box>,
    );
    at = end;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}

export const SourceText = memo(function SourceText({
  markup,
  highlights = [],
}: {
  markup: string;
  highlights?: readonly Highlight[];
}) {
  const sorted = [...highlights].sort((a, b) => a.start - b.start);
  return (
    <>
      {partsOf(markup).map((part, i) =>
        part.t === 'text' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one markup string never reorder
          <span key={i}>{textWithHighlights(part.text, part.offset, sorted, String(i))}</span>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <Chip key={i} part={part} />
        ),
      )}
    </>
  );
});
