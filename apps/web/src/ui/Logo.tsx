import Box from '@mui/material/Box';

/** The Parlance mark and word mark; the mark alone when `compact`. */
export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <Box component="svg" viewBox="0 0 64 64" aria-hidden sx={{ width: 32, height: 32, flexShrink: 0 }}>
        <rect width="64" height="64" rx="14" fill="#3949ab" />
        <path d="M18 46V18h16a10 10 0 0 1 0 20h-8v8z" fill="#fff" />
      </Box>
      {!compact && (
        <Box
          component="span"
          sx={{ fontWeight: 700, fontSize: 21, letterSpacing: '-0.02em', color: 'text.primary', lineHeight: 1 }}
        >
          Parlance
        </Box>
      )}
    </Box>
  );
}
