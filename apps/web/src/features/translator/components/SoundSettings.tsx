import VolumeOffIcon from '@mui/icons-material/VolumeOffOutlined';
import VolumeUpIcon from '@mui/icons-material/VolumeUpOutlined';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { Suspense } from 'react';
import { lazy } from '../../../ui/lazy';
import { playChime, setSoundSettings, unlockAudio, useSoundSettings } from '../sound';

// MUI's Slider is about 6 kB gzipped, more than the rest of the page's own code: it loads just
// after the page, in a box of its final size (no layout shift).
const Slider = lazy(() => import('@mui/material/Slider'));

/** Sound on/off and volume of the "new projects" chime, kept in this browser (spec 1 §4). */
export function SoundSettings() {
  const { enabled, volume } = useSoundSettings();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
      <FormControlLabel
        sx={{ mr: 0 }}
        control={
          <Switch
            checked={enabled}
            onChange={(e) => {
              unlockAudio();
              setSoundSettings({ enabled: e.target.checked });
            }}
          />
        }
        label="Sound"
      />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, width: 170 }}>
        {enabled && volume > 0 ? (
          <VolumeUpIcon fontSize="small" color="action" aria-hidden />
        ) : (
          <VolumeOffIcon fontSize="small" color="action" aria-hidden />
        )}
        <Suspense fallback={<Box sx={{ flex: 1, height: 30 }} />}>
          <Slider
            size="small"
            aria-label="Sound volume"
            value={Math.round(volume * 100)}
            min={0}
            max={100}
            step={5}
            disabled={!enabled}
            valueLabelDisplay="auto"
            onChange={(_, value) => setSoundSettings({ volume: (value as number) / 100 })}
            // a sample of the chime at the chosen volume
            onChangeCommitted={(_, value) => playChime((value as number) / 100)}
          />
        </Suspense>
      </Box>
    </Box>
  );
}
