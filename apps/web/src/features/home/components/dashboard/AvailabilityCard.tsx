import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { Field } from '../../../../ui/Field';
import Typography from '@mui/material/Typography';
import { DASHBOARD_TEXTS, type DashboardAdditionalData } from '@parlance/shared';
import { useEffect, useState } from 'react';
import { messageOf } from '../../../../app/http';
import { formatDate } from '../../../../ui/format';
import { toast } from '../../../../ui/toast';
import { useRecruitment, useSetAvailability } from '../../dashboard-api';
import { DashCard } from './DashCard';

/** The active switch, the vacation switch (sent only with both dates) and recruitment availability. */
export function AvailabilityCard({
  data,
  loading,
  failed,
}: {
  data: DashboardAdditionalData | undefined;
  loading: boolean;
  failed: boolean;
}) {
  return (
    <DashCard title="Availability" id="dash-availability" loading={loading} failed={failed}>
      {data && <AvailabilityBody data={data} />}
      <Recruitment />
    </DashCard>
  );
}

function AvailabilityBody({ data }: { data: DashboardAdditionalData }) {
  const save = useSetAvailability();
  const inactive = data.translator_info.inactive;
  const [vacationOn, setVacationOn] = useState(data.vacation);
  const [from, setFrom] = useState(data.vacation_date_from ?? '');
  const [to, setTo] = useState(data.vacation_date_to ?? '');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setVacationOn(data.vacation);
    setFrom(data.vacation_date_from ?? '');
    setTo(data.vacation_date_to ?? '');
  }, [data.vacation, data.vacation_date_from, data.vacation_date_to]);

  const done = (message: string) => ({
    onSuccess: () => toast(message, { variant: 'success' as const }),
    onError: (err: unknown) => toast(messageOf(err), { variant: 'error' as const }),
  });
  const toggleActive = (active: boolean) =>
    save.mutate({ inactive: !active }, done(active ? 'You are active again' : 'You are marked inactive'));
  const toggleVacation = (on: boolean) => {
    setError(null);
    setVacationOn(on);
    if (!on && data.vacation) save.mutate({ inactive, vacation: false }, done('Your vacation was ended'));
  };
  const saveVacation = () => {
    if (!from || !to) return setError(DASHBOARD_TEXTS.vacationBothDates);
    if (to < from) return setError(DASHBOARD_TEXTS.vacationOrder);
    setError(null);
    save.mutate({ inactive, vacation: { from, to } }, done('Your vacation was saved'));
  };

  return (
    <Stack spacing={1.5} sx={{ mb: 2 }}>
      <FormControlLabel
        control={
          <Switch checked={!inactive} onChange={(e) => toggleActive(e.target.checked)} disabled={save.isPending} />
        }
        label={inactive ? 'Inactive: no new jobs are offered' : 'Active: new jobs are offered to you'}
      />
      <FormControlLabel
        control={
          <Switch checked={vacationOn} onChange={(e) => toggleVacation(e.target.checked)} disabled={save.isPending} />
        }
        label={
          data.vacation && data.vacation_date_from && data.vacation_date_to
            ? `On vacation ${formatDate(data.vacation_date_from)} – ${formatDate(data.vacation_date_to)}`
            : 'Vacation'
        }
      />
      {vacationOn && (
        <Box
          sx={{
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr auto' },
            alignItems: 'start',
          }}
        >
          <Field
            label="First day"
            type="date"
            size="small"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
            error={!!error && !from}
          />
          <Field
            label="Last day"
            type="date"
            size="small"
            value={to}
            onChange={(e) => setTo(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
            error={!!error && (!to || to < from)}
          />
          <Button variant="outlined" onClick={saveVacation} disabled={save.isPending}>
            Save vacation
          </Button>
        </Box>
      )}
      {error && (
        <Typography variant="body2" color="error" role="alert">
          {error}
        </Typography>
      )}
    </Stack>
  );
}

function Recruitment() {
  const { data, isError } = useRecruitment();
  if (isError || !data) return null;
  return data.available ? (
    <Alert severity="success" variant="outlined" data-testid="dash-recruitment">
      You are available for new projects.
    </Alert>
  ) : (
    <Alert severity="info" variant="outlined" data-testid="dash-recruitment">
      Not available for new projects: {data.reasons.join('; ')}.
    </Alert>
  );
}
