import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { type KeyboardEvent, Suspense } from 'react';
import { lazy } from '../../../ui/lazy';

// The composer's emoji popover, loaded the first time the picker is opened (on-demand.ts; Popover
// brings Modal); emoji-mart and its data load after it, in EmojiPicker's own chunk.
const EmojiPicker = lazy(() => import('./EmojiPicker'));

interface Props {
  anchorEl: HTMLElement | null;
  onClose: () => void;
  onPick: (native: string) => void;
  compact: boolean;
}

export default function EmojiPopover({ anchorEl, onClose, onPick, compact }: Props) {
  return (
    <Popover
      open={!!anchorEl}
      anchorEl={anchorEl}
      onClose={onClose}
      anchorOrigin={{ vertical: 'top', horizontal: 'left' }}
      transformOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      slotProps={{
        paper: {
          'aria-label': 'Emoji picker',
          role: 'dialog',
          // emoji-mart keeps Escape for its search box: Escape closes the picker first
          onKeyDownCapture: (e: KeyboardEvent) => {
            if (e.key === 'Escape') onClose();
          },
        },
      }}
    >
      {/* the fallback has the picker's size, so the popover is placed for the picker that replaces it */}
      <Suspense
        fallback={
          <Typography sx={{ p: 2, width: compact ? 292 : 364, height: 435, color: 'text.secondary' }}>
            Loading emoji…
          </Typography>
        }
      >
        {anchorEl && <EmojiPicker onPick={onPick} compact={compact} />}
      </Suspense>
    </Popover>
  );
}
