import Box from '@mui/material/Box';
import { keyframes } from '@emotion/react';

// A thin indeterminate bar across the top of the window: takes no space, so nothing moves when it
// comes and goes. Plain CSS rather than LinearProgress, as it is part of every first page load.
const slide = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(250%); }
`;

export function LoadingBar() {
  return (
    <Box
      role="progressbar"
      aria-label="Loading"
      sx={{
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        height: 3,
        overflow: 'hidden',
        zIndex: (t) => t.zIndex.appBar + 2,
        bgcolor: 'rgba(57, 73, 171, 0.2)',
      }}
    >
      <Box
        sx={{
          width: '40%',
          height: '100%',
          bgcolor: 'primary.main',
          animation: `${slide} 1.1s ease-in-out infinite`,
          '@media (prefers-reduced-motion: reduce)': { animation: 'none', width: '100%', opacity: 0.6 },
        }}
      />
    </Box>
  );
}
