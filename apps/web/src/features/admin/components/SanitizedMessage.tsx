import Box from '@mui/material/Box';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';

// Server messages of the admin search may hold link markup (spec 1 section 8): shown with only a
// few inline tags kept, everything else (scripts, handlers, styles) removed.
const ALLOWED_TAGS = ['a', 'b', 'i', 'strong', 'em'];
const ALLOWED_ATTR = ['href', 'target', 'rel'];

export function SanitizedMessage({ html }: { html: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR }), [html]);
  return (
    <Box
      component="span"
      sx={{ '& a': { color: 'inherit', fontWeight: 600 } }}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify to a/b/i/strong/em
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
