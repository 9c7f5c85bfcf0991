import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { TextLink } from '../../../ui/TextLink';
import { toast } from '../../../ui/toast';
import { messageOf, policyQuery, useAcceptPolicy } from '../api';
import { SectionCard, SectionState } from './SectionCard';

export function PrivacySection() {
  const policy = useQuery(policyQuery);
  const accept = useAcceptPolicy();
  const onAccept = async () => {
    try {
      await accept.mutateAsync();
      toast('Thank you: the privacy policy is accepted', { variant: 'success' });
    } catch (err) {
      toast(messageOf(err, 'Could not record your acceptance.'), { variant: 'error' });
    }
  };
  return (
    <SectionCard title="Privacy Policy" intro="How we handle your personal data, and your consent to it.">
      <SectionState loading={policy.isPending} error={policy.error} />
      {policy.data !== undefined && (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography>
            Read the <TextLink href="/privacy">privacy policy</TextLink>.
          </Typography>
          {policy.data ? (
            <Alert severity="success">You have accepted the privacy policy.</Alert>
          ) : (
            <Button variant="contained" onClick={() => void onAccept()} disabled={accept.isPending}>
              I accept the privacy policy
            </Button>
          )}
        </Stack>
      )}
    </SectionCard>
  );
}
