import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { LM_LIMITS } from '@parlance/shared';

/** The pages around the current one: a window of about 10 numbers (spec 3 sections 2 and 9). */
export function pageWindow(page: number, pages: number, size: number = LM_LIMITS.pageWindow): number[] {
  if (pages <= 0) return [];
  const half = Math.floor(size / 2);
  const start = Math.max(1, Math.min(page - half, pages - size + 1));
  const end = Math.min(pages, start + size - 1);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}

/** << and >> with the numbered pages between them. */
export function Pager({
  page,
  totalCount,
  pageSize,
  onPage,
}: {
  page: number;
  totalCount: number;
  pageSize: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.ceil(totalCount / pageSize);
  if (pages <= 1) return null;
  return (
    <Box
      component="nav"
      aria-label="Pages"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, justifyContent: 'center', py: 2 }}
    >
      <Button size="small" disabled={page <= 1} onClick={() => onPage(page - 1)} aria-label="Previous page">
        {'<<'}
      </Button>
      {pageWindow(page, pages).map((n) => (
        <Button
          key={n}
          size="small"
          variant={n === page ? 'contained' : 'text'}
          aria-current={n === page ? 'page' : undefined}
          aria-label={`Page ${n}`}
          onClick={() => onPage(n)}
          sx={{ minWidth: 36 }}
        >
          {n}
        </Button>
      ))}
      <Button size="small" disabled={page >= pages} onClick={() => onPage(page + 1)} aria-label="Next page">
        {'>>'}
      </Button>
    </Box>
  );
}
