import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { keyframes } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { CHAT_TOUR_STEPS, CHAT_TOUR_TEXTS } from '@parlance/shared';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { cardPlacement, type Frame } from './tour-placement';

// The chat page's first-visit tour (this file is its own chunk, loaded only when the tour is due):
// 7 steps for customers, 6 for translators; Next, Skip and a final button. A dimmed page with a lit
// frame around the step's element, and the step's card beside it. It was react-joyride, whose mount
// measured the window and every scroll parent in the commit: the longest task of the chat page's
// first load on a phone. Here the element is measured once per step, after the page has painted,
// and the card is placed by its edges, so nothing is measured while React commits.

interface Props {
  viewer: 'customer' | 'translator';
  /** the tour ended (finished or skipped): remember it */
  onDone: () => void;
}

/** The lit frame's margin around the element. */
const PAD = 8;
const Z_INDEX = 1600;
/** The tour fades in as the app's dialogs do (MUI's Fade, 225 ms). */
const fadeIn = keyframes`from { opacity: 0; } to { opacity: 1; }`;

/** A step's element on the page: its `data-tour` name; the header's chat badge is found by its name. */
function selectorOf(target: string): string {
  return target === 'chat-badge' ? 'header a[aria-label^="Team chat"]' : `[data-tour="${target}"]`;
}

/**
 * The lit frame of a step, or null for a card in the middle of the screen: a step without an
 * element, one whose element is not on screen (the list and the body alternate on small screens),
 * or one whose element fills most of the screen.
 */
function frameOf(target: string | null): Frame | null {
  const element = target === null ? null : document.querySelector(selectorOf(target));
  if (!element) return null;
  let r = element.getBoundingClientRect();
  if (r.width === 0 || r.height === 0) return null;
  if (r.width > window.innerWidth * 0.7 && r.height > window.innerHeight * 0.7) return null;
  if (r.top < 0 || r.bottom > window.innerHeight) {
    element.scrollIntoView({ block: 'center' });
    r = element.getBoundingClientRect();
  }
  return { top: r.top - PAD, left: r.left - PAD, width: r.width + 2 * PAD, height: r.height + 2 * PAD };
}

export default function OnboardingTour({ viewer, onDone }: Props) {
  const steps = CHAT_TOUR_STEPS[viewer];
  const [index, setIndex] = useState(0);
  // undefined until the step's element has been measured (after the page's paint)
  const [frame, setFrame] = useState<Frame | null | undefined>(undefined);
  const [viewport, setViewport] = useState({ width: 0, height: 0 });
  const primary = useRef<HTMLButtonElement>(null);
  const measured = useRef(false);
  const step = steps[index];
  const last = index === steps.length - 1;

  // the step's element, measured now and again after every scroll or resize (once per frame)
  useEffect(() => {
    const target = steps[index]?.target ?? null;
    let pending = 0;
    const measure = () => {
      pending = 0;
      setFrame(frameOf(target));
      setViewport({ width: window.innerWidth, height: window.innerHeight });
    };
    const later = () => {
      if (!pending) pending = requestAnimationFrame(measure);
    };
    // the first step waits for the page's next paint, so it finds the layout done; later steps
    // follow a click and are measured at once
    let first = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    if (measured.current) measure();
    else
      first = requestAnimationFrame(() => {
        first = 0;
        timer = setTimeout(() => {
          measured.current = true;
          measure();
        });
      });
    window.addEventListener('resize', later);
    window.addEventListener('scroll', later, true);
    return () => {
      if (first) cancelAnimationFrame(first);
      clearTimeout(timer);
      if (pending) cancelAnimationFrame(pending);
      window.removeEventListener('resize', later);
      window.removeEventListener('scroll', later, true);
    };
  }, [steps, index]);

  // a modal tour: the page behind it takes no clicks, keys or focus, and readers skip it
  useEffect(() => {
    const page = document.getElementById('root');
    if (!page) return;
    const focused = document.activeElement;
    page.inert = true;
    return () => {
      page.inert = false;
      if (focused instanceof HTMLElement && focused.isConnected) focused.focus();
    };
  }, []);

  const shown = frame !== undefined;
  // each step's card takes the focus, on its main button
  useEffect(() => {
    if (shown && step) primary.current?.focus();
  }, [shown, step]);

  if (!step || !shown) return null;
  const next = () => (last ? onDone() : setIndex(index + 1));
  return createPortal(
    <Box
      sx={{
        position: 'fixed',
        inset: 0,
        zIndex: Z_INDEX,
        animation: `${fadeIn} 225ms ease-out`,
        '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onDone();
      }}
    >
      <Box
        aria-hidden="true"
        style={
          frame
            ? { top: frame.top, left: frame.left, width: frame.width, height: frame.height }
            : { inset: 0, background: 'rgba(0, 0, 0, 0.5)' }
        }
        sx={{
          position: 'fixed',
          borderRadius: 2,
          pointerEvents: 'none',
          ...(frame ? { boxShadow: '0 0 0 200vmax rgba(0, 0, 0, 0.5)' } : {}),
        }}
      />
      <Paper
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="chat-tour-title"
        aria-describedby="chat-tour-content"
        elevation={8}
        style={cardPlacement(frame, viewport)}
        sx={{ position: 'fixed', p: 2.5, overflowY: 'auto' }}
      >
        <Typography id="chat-tour-title" component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
          {step.title}
        </Typography>
        <Typography id="chat-tour-content" sx={{ fontSize: 14 }}>
          {step.content}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 2 }}>
          <Typography sx={{ fontSize: 12, color: 'text.secondary', flex: 1 }}>
            Step {index + 1} of {steps.length}
          </Typography>
          {!last && (
            <Button size="small" onClick={onDone}>
              {CHAT_TOUR_TEXTS.skip}
            </Button>
          )}
          <Button ref={primary} variant="contained" size="small" onClick={next}>
            {last ? CHAT_TOUR_TEXTS.last : CHAT_TOUR_TEXTS.next}
          </Button>
        </Box>
      </Paper>
    </Box>,
    document.body,
  );
}
