import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';

interface StepActionsProps {
  onBack?: () => void;
  onFinishLater: () => void;
  nextLabel?: string;
  busy: boolean;
  /** replaces the Next button's icon-less label (Add to cart) */
  nextIcon?: ReactNode;
}

/** Back, Finish later and Next under every step; Next is a submit button of the step's form. */
export function StepActions({ onBack, onFinishLater, nextLabel = 'Next', busy, nextIcon }: StepActionsProps) {
  return (
    <Stack
      direction={{ xs: 'column-reverse', sm: 'row' }}
      sx={{ gap: 1.5, mt: 4, pt: 3, borderTop: 1, borderColor: 'divider', alignItems: { sm: 'center' } }}
    >
      {onBack && (
        <Button variant="text" onClick={onBack} disabled={busy}>
          Back
        </Button>
      )}
      <Button variant="outlined" onClick={onFinishLater} disabled={busy} sx={{ ml: { sm: 'auto' } }}>
        Finish later
      </Button>
      <Button type="submit" variant="contained" size="large" loading={busy} endIcon={nextIcon}>
        {nextLabel}
      </Button>
    </Stack>
  );
}
