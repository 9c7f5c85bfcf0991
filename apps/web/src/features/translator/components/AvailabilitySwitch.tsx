import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../ui/toast';
import { setAvailability } from '../api';
import { translatorKeys } from '../keys';

interface AvailabilitySwitchProps {
  active: boolean;
  onChange: (active: boolean) => void;
}

/** The translator's availability (POST /api/2/account/trans-inactive): open jobs are offered only while on. */
export function AvailabilitySwitch({ active, onChange }: AvailabilitySwitchProps) {
  const client = useQueryClient();
  const change = useMutation({
    mutationFn: setAvailability,
    onSuccess: (answer) => {
      onChange(answer.active);
      toast(answer.active ? 'You are available for new projects.' : 'You are marked inactive.', {
        variant: 'success',
      });
      void client.invalidateQueries({ queryKey: translatorKeys.open() });
    },
    onError: (error) => toast(error.message, { variant: 'error' }),
  });
  return (
    <Box>
      <FormControlLabel
        sx={{ mr: 0 }}
        control={
          <Switch
            checked={active}
            disabled={change.isPending}
            onChange={(e) => change.mutate(e.target.checked)}
            color="success"
          />
        }
        label={<Typography sx={{ fontWeight: 600 }}>Available for new projects</Typography>}
      />
      <Typography variant="body2" color="text.secondary" sx={{ ml: 5.75, mt: -0.5 }}>
        {active ? 'Matching projects are offered to you.' : 'Inactive: no projects are offered to you.'}
      </Typography>
    </Box>
  );
}
