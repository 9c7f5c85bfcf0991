import Box from '@mui/material/Box';
import { type ReactNode, useState } from 'react';

interface HintProps {
  /** the words shown beside the control while it is hovered or focused */
  title: string;
  children: ReactNode;
}

/**
 * A small tooltip to the right of a control (the collapsed sidebar's names), without MUI's
 * Tooltip and Popper: they cost 11 kB gzipped of every signed-in first load (issue 11). It is
 * drawn fixed beside the control, so the sidebar's scrolling does not clip it, and it is not read
 * out: the control carries the same words as its accessible name (aria-label).
 */
export function Hint({ title, children }: HintProps) {
  const [at, setAt] = useState<{ top: number; left: number } | null>(null);
  const show = (e: { currentTarget: HTMLElement }) => {
    // beside the control itself, 14 px off, as MUI's tooltip placed to the right
    const r = (e.currentTarget.firstElementChild ?? e.currentTarget).getBoundingClientRect();
    setAt({ top: r.top + r.height / 2, left: r.right + 14 });
  };
  const hide = () => setAt(null);
  return (
    <Box
      onMouseEnter={show}
      onMouseLeave={hide}
      onFocus={show}
      onBlur={hide}
      onKeyDown={(e) => {
        if (e.key === 'Escape') hide();
      }}
    >
      {children}
      {at && (
        <Box
          component="span"
          aria-hidden
          data-testid="hint"
          sx={{
            position: 'fixed',
            top: at.top,
            left: at.left,
            transform: 'translateY(-50%)',
            zIndex: (t) => t.zIndex.tooltip,
            pointerEvents: 'none',
            // MUI's tooltip look: grey 700 at 92%, 11 px medium type
            bgcolor: 'rgba(97, 97, 97, 0.92)',
            color: '#fff',
            borderRadius: 1,
            px: 1,
            py: 0.5,
            fontSize: '0.6875rem',
            fontWeight: 500,
            lineHeight: 1.4,
            maxWidth: 300,
            whiteSpace: 'nowrap',
            '@keyframes hint-in': { from: { opacity: 0 }, to: { opacity: 1 } },
            animation: 'hint-in 150ms ease-out',
          }}
        >
          {title}
        </Box>
      )}
    </Box>
  );
}
