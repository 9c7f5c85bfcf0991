import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import Stepper from '@mui/material/Stepper';
import { useQuery } from '@tanstack/react-query';
import { type ProfileWizardStep, TRANSLATOR_TEXTS } from '@parlance/shared';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AppLink } from '../../../ui/AppLink';
import { profileWizardQuery } from '../translator-api';
import { AvailabilitySection } from './AvailabilitySection';
import { BioSection } from './BioSection';
import { ExpertiseSection } from './ExpertiseSection';
import { LanguagesSection } from './LanguagesSection';
import { ReferencesSection } from './ReferencesSection';
import { SectionState } from './SectionCard';
import { UploadsSection } from './UploadsSection';

// The sign-up walk-through of a new translator (/profile/?flow=1#languages): one step at a time,
// the server's profile wizard saying which are done and which is next.

const CONTENT: Record<ProfileWizardStep, () => ReactNode> = {
  languages: () => <LanguagesSection />,
  expertise: () => <ExpertiseSection />,
  time: () => <AvailabilitySection />,
  about: () => <BioSection />,
  uploads: () => <UploadsSection />,
  references: () => <ReferencesSection />,
};

/** The hash of a step: the spec's section names, and #about for the bio. */
export const STEP_HASH: Record<ProfileWizardStep, string> = {
  languages: 'languages',
  expertise: 'expertise',
  time: 'time',
  about: 'about',
  uploads: 'uploads',
  references: 'references',
};

export function WalkThrough() {
  const wizard = useQuery(profileWizardQuery);
  const location = useLocation();
  const navigate = useNavigate();
  if (!wizard.data) return <SectionState loading={wizard.isPending} error={wizard.error} />;

  const steps = wizard.data.steps;
  const asked = location.hash.replace(/^#/, '');
  const index = Math.max(
    0,
    steps.findIndex((s) => STEP_HASH[s.id] === asked),
  );
  const current = steps[index];
  const go = (id: ProfileWizardStep) => navigate({ search: '?flow=1', hash: `#${STEP_HASH[id]}` });
  const following = steps[index + 1];

  return (
    <Stack spacing={3}>
      <Box sx={{ overflowX: 'auto', pb: 1 }}>
        <Stepper nonLinear activeStep={index} aria-label="Profile set-up steps" sx={{ minWidth: 560 }}>
          {steps.map((s) => (
            <Step key={s.id} completed={s.done}>
              <StepButton onClick={() => go(s.id)}>{s.title}</StepButton>
            </Step>
          ))}
        </Stepper>
      </Box>
      {wizard.data.complete && (
        <Alert
          severity="success"
          action={
            <Button component={AppLink} href="/open-project-freelance-translator" color="inherit" size="small">
              See open projects
            </Button>
          }
        >
          {TRANSLATOR_TEXTS.walkthroughDone}
        </Alert>
      )}
      {CONTENT[current.id]()}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
        <Button disabled={index === 0} onClick={() => go(steps[index - 1].id)}>
          Back
        </Button>
        {following ? (
          <Button variant="contained" disabled={!current.done} onClick={() => go(following.id)}>
            Next: {following.title}
          </Button>
        ) : (
          <Button
            variant="contained"
            disabled={!wizard.data.complete}
            onClick={() => navigate('/open-project-freelance-translator')}
          >
            Finish
          </Button>
        )}
      </Stack>
      {!current.done && (
        <Alert severity="info">
          Complete this step to go on{current.id === 'uploads' ? ': the CV and a government ID are required' : ''}.
        </Alert>
      )}
    </Stack>
  );
}
