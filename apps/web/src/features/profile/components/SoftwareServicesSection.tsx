import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { SERVICE_LIST, SOFTWARE_LIST, TRANSLATOR_TEXTS, type TranslatorProfile, VOICE_SERVICE } from '@parlance/shared';
import { type FormEvent, useState } from 'react';
import { toast } from '../../../ui/toast';
import { messageOf } from '../api';
import { translatorProfileQuery, useSaveSoftwareServices } from '../translator-api';
import { SectionCard, SectionState } from './SectionCard';
import { VoiceSamplesCard } from './VoiceSamplesCard';

export function SoftwareServicesSection() {
  const profile = useQuery(translatorProfileQuery);
  return (
    <SectionCard
      title="Software & Services"
      intro="The tools you work in and the services you offer besides translation."
    >
      <SectionState loading={profile.isPending} error={profile.error} />
      {profile.data && <SoftwareForm profile={profile.data} />}
      {/* the saved services decide: a sample is refused until Voice-over is saved */}
      {profile.data?.services.includes(VOICE_SERVICE) && <VoiceSamplesCard />}
    </SectionCard>
  );
}

function CheckList({
  title,
  items,
  chosen,
  onChange,
}: {
  title: string;
  items: readonly string[];
  chosen: Set<string>;
  onChange: (s: Set<string>) => void;
}) {
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <FormGroup>
        {items.map((item) => (
          <FormControlLabel
            key={item}
            label={item}
            control={
              <Checkbox
                checked={chosen.has(item)}
                onChange={(e) => {
                  const next = new Set(chosen);
                  if (e.target.checked) next.add(item);
                  else next.delete(item);
                  onChange(next);
                }}
              />
            }
          />
        ))}
      </FormGroup>
    </fieldset>
  );
}

function SoftwareForm({ profile }: { profile: TranslatorProfile }) {
  const save = useSaveSoftwareServices();
  const [software, setSoftware] = useState(new Set(profile.software));
  const [services, setServices] = useState(new Set(profile.services));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await save.mutateAsync({
        software: SOFTWARE_LIST.filter((s) => software.has(s)),
        services: SERVICE_LIST.filter((s) => services.has(s)),
      });
      toast(TRANSLATOR_TEXTS.saved, { variant: 'success' });
    } catch (err) {
      toast(messageOf(err, 'Could not save.'), { variant: 'error' });
    }
  };
  return (
    <form onSubmit={submit} aria-label="Software and services">
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <CheckList title="Software" items={SOFTWARE_LIST} chosen={software} onChange={setSoftware} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <CheckList title="Services" items={SERVICE_LIST} chosen={services} onChange={setServices} />
        </Grid>
      </Grid>
      <Button type="submit" variant="contained" disabled={save.isPending} sx={{ mt: 2 }}>
        Save
      </Button>
    </form>
  );
}
