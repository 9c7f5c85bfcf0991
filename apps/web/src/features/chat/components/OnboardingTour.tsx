import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { CHAT_TOUR_STEPS, CHAT_TOUR_TEXTS } from '@parlance/shared';
import { useMemo } from 'react';
import { type EventData, Joyride, STATUS, type Step, type TooltipRenderProps } from 'react-joyride';

// The chat page's first-visit tour (react-joyride; this file is its own chunk, loaded only when the
// tour is due): 7 steps for customers, 6 for translators; Next, Skip and a final button.

interface Props {
  viewer: 'customer' | 'translator';
  /** the tour ended (finished or skipped): remember it */
  onDone: () => void;
}

/** A step's element on the page: its `data-tour` name; the header's chat badge is found by its name. */
function selectorOf(target: string): string {
  return target === 'chat-badge' ? 'header a[aria-label^="Team chat"]' : `[data-tour="${target}"]`;
}

function fillsScreen(element: Element): boolean {
  const r = element.getBoundingClientRect();
  return r.width > window.innerWidth * 0.7 && r.height > window.innerHeight * 0.7;
}

export default function OnboardingTour({ viewer, onDone }: Props) {
  // steps whose element is not on screen (the list and the body alternate on small screens), or
  // fills most of it, are shown in the middle of the screen instead of being dropped
  const steps = useMemo<Step[]>(
    () =>
      CHAT_TOUR_STEPS[viewer].map((s) => {
        const selector = s.target ? selectorOf(s.target) : null;
        const element = selector === null ? null : document.querySelector(selector);
        const present = element !== null && !fillsScreen(element);
        return {
          target: present && selector ? selector : 'body',
          placement: present ? 'auto' : 'center',
          title: s.title,
          content: s.content,
        };
      }),
    [viewer],
  );
  const onEvent = (data: EventData) => {
    if (data.status === STATUS.FINISHED || data.status === STATUS.SKIPPED) onDone();
  };
  return (
    <Joyride
      run
      continuous
      steps={steps}
      onEvent={onEvent}
      tooltipComponent={TourTooltip}
      locale={{ next: CHAT_TOUR_TEXTS.next, skip: CHAT_TOUR_TEXTS.skip, last: CHAT_TOUR_TEXTS.last }}
      options={{
        skipBeacon: true,
        buttons: ['skip', 'primary'],
        overlayClickAction: false,
        dismissKeyAction: false,
        zIndex: 1600,
        spotlightRadius: 8,
      }}
    />
  );
}

function TourTooltip({ step, index, size, isLastStep, primaryProps, skipProps, tooltipProps }: TooltipRenderProps) {
  return (
    <Paper
      {...tooltipProps}
      aria-labelledby="chat-tour-title"
      aria-describedby="chat-tour-content"
      elevation={8}
      sx={{ p: 2.5, width: { xs: 'calc(100vw - 32px)', sm: 360 }, maxWidth: 360 }}
    >
      <Typography id="chat-tour-title" component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        {step.title}
      </Typography>
      <Typography id="chat-tour-content" sx={{ fontSize: 14 }}>
        {step.content}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 2 }}>
        <Typography sx={{ fontSize: 12, color: 'text.secondary', flex: 1 }}>
          Step {index + 1} of {size}
        </Typography>
        {!isLastStep && (
          <Button {...skipProps} size="small">
            {CHAT_TOUR_TEXTS.skip}
          </Button>
        )}
        <Button {...primaryProps} variant="contained" size="small">
          {isLastStep ? CHAT_TOUR_TEXTS.last : CHAT_TOUR_TEXTS.next}
        </Button>
      </Box>
    </Paper>
  );
}
