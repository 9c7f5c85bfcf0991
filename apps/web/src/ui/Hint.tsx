import Box from '@mui/material/Box';
import { type KeyboardEvent, type ReactNode, useState } from 'react';

interface HintProps {
  /** the words shown beside the control while it is hovered or focused */
  title: string;
  children: ReactNode;
  /** right of the control (default), or under it, centred, as MUI's tooltip places them */
  placement?: 'right' | 'below';
  /**
   * wrap the control in a span instead of a div: `true` in a line of text (display inline, the line
   * keeps its height), 'flex' for a control that is a flex item (no line box around it: the badges,
   * an icon button in a row)
   */
  inline?: boolean | 'flex';
}

/**
 * A small tooltip to the right of a control (the collapsed sidebar's names) or under it (the
 * project badges, the live indicator, the rename button), without MUI's Tooltip and Popper: they
 * cost 11 kB gzipped of every first load that shows one. It is
 * drawn fixed beside the control, so the sidebar's scrolling does not clip it, and it is not read
 * out: the control carries the same words as its accessible name (aria-label).
 */
export function Hint({ title, children, placement = 'right', inline = false }: HintProps) {
  const [at, setAt] = useState<{ top: number; left: number } | null>(null);
  const below = placement === 'below';
  const show = (e: { currentTarget: HTMLElement }) => {
    // beside (or under) the control itself, 14 px off, as MUI's tooltip
    const r = (e.currentTarget.firstElementChild ?? e.currentTarget).getBoundingClientRect();
    setAt(
      below ? { top: r.bottom + 14, left: r.left + r.width / 2 } : { top: r.top + r.height / 2, left: r.right + 14 },
    );
  };
  const hide = () => setAt(null);
  return (
    <Box
      component={inline ? 'span' : 'div'}
      sx={inline ? { display: inline === 'flex' ? 'inline-flex' : 'inline' } : undefined}
      onMouseEnter={show}
      onMouseLeave={hide}
      onFocus={show}
      onBlur={hide}
      onKeyDown={(e: KeyboardEvent) => {
        if (e.key === 'Escape') hide();
      }}
    >
      {children}
      {at && (
        <Box
          component="span"
          aria-hidden
          data-testid="hint"
          ref={keepInView}
          sx={{
            position: 'fixed',
            top: at.top,
            left: at.left,
            transform: below ? 'translateX(-50%)' : 'translateY(-50%)',
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
            whiteSpace: below ? 'normal' : 'nowrap',
            width: below ? 'max-content' : undefined,
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

/** Shifts a hint sideways so that it stays 8 px inside the window, as MUI's Popper does. */
function keepInView(el: HTMLElement | null) {
  if (!el) return;
  const r = el.getBoundingClientRect();
  const over = r.right - (window.innerWidth - 8);
  if (over > 0) el.style.marginLeft = `${-over}px`;
  else if (r.left < 8) el.style.marginLeft = `${8 - r.left}px`;
}
