import Box from '@mui/material/Box';
import type { LmProjectRow } from '@parlance/shared';

/**
 * A language with its flag. The flag is the country's code in a small tag: flag emoji do not show on
 * Windows and on systems without an emoji font, and the product ships no flag images. A long name
 * wraps beside its flag, so that a table of many columns fits a laptop's width.
 */
export function LanguageName({ language }: { language: LmProjectRow['source_language'] }) {
  if (!language) return <span>—</span>;
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'baseline', gap: 0.75 }}>
      <FlagTag country={language.flag} />
      <span>{language.name}</span>
    </Box>
  );
}

export function FlagTag({ country }: { country: string }) {
  return (
    <Box
      component="span"
      aria-hidden
      sx={{
        fontSize: 10,
        fontWeight: 700,
        lineHeight: '14px',
        px: 0.5,
        borderRadius: 0.5,
        bgcolor: 'action.selected',
        color: 'text.secondary',
        letterSpacing: 0.5,
      }}
    >
      {country}
    </Box>
  );
}
