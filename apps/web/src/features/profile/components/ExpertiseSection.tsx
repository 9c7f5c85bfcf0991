import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Switch from '@mui/material/Switch';
import { useQuery } from '@tanstack/react-query';
import { expertisesQuery } from '../../../app/reference-data';
import { toast } from '../../../ui/toast';
import { messageOf } from '../api';
import { translatorProfileQuery, useExpertise, useExpertOnly } from '../translator-api';
import { SectionCard, SectionState } from './SectionCard';

export function ExpertiseSection() {
  const profile = useQuery(translatorProfileQuery);
  const all = useQuery(expertisesQuery);
  const toggle = useExpertise();
  const expertOnly = useExpertOnly();
  const mine = new Set(profile.data?.expertises.map((e) => e.id));
  const fail = (err: unknown) => toast(messageOf(err, 'Could not save.'), { variant: 'error' });
  return (
    <SectionCard
      title="Expertise"
      intro="The fields you know well: specialised projects are offered only to their experts."
    >
      <SectionState loading={profile.isPending || all.isPending} error={profile.error ?? all.error} />
      {profile.data && all.data && (
        <>
          <FormGroup aria-label="Your expertise" sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 1fr' } }}>
            {all.data.map((e) => (
              <FormControlLabel
                key={e.id}
                label={e.name}
                control={
                  <Checkbox
                    checked={mine.has(e.id)}
                    disabled={toggle.isPending}
                    onChange={(ev) => void toggle.mutateAsync({ add: ev.target.checked, id: e.id }).catch(fail)}
                  />
                }
              />
            ))}
          </FormGroup>
          <Divider sx={{ my: 2 }} />
          <FormControlLabel
            label="I work only as a subject-matter expert (no general translation)"
            control={
              <Switch
                checked={profile.data.isOnlyExpert}
                onChange={(ev) => void expertOnly.mutateAsync(ev.target.checked).catch(fail)}
              />
            }
          />
        </>
      )}
    </SectionCard>
  );
}
