import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { PATHS, TEXTS } from '@parlance/shared';
import { useConfig } from '../app/current-user';
import { AppLink } from '../ui/AppLink';
import { StatusPage } from '../ui/StatusPage';
import { HELP_CENTER } from './navigation';

/** Buttons shared by the not-found and incorrect-account pages. */
export function StatusActions() {
  const { data: config } = useConfig();
  return (
    <>
      <Button variant="contained" size="large" component={AppLink} href={PATHS.root}>
        Homepage
      </Button>
      {/* the company blog where there is one (BLOG_URL); no blog, no button */}
      {config?.blogUrl && (
        <Button variant="outlined" size="large" href={config.blogUrl}>
          Blog
        </Button>
      )}
      <Button variant="outlined" size="large" component={AppLink} href={`${HELP_CENTER}#contact`}>
        Contact us
      </Button>
      <Button variant="contained" color="secondary" size="large" component={AppLink} href={PATHS.wizard}>
        Translate now
      </Button>
    </>
  );
}

export function SupportMailLine() {
  const { data: config } = useConfig();
  if (!config?.supportEmail) return null;
  return (
    <>
      Need help? Write to <Link href={`mailto:${config.supportEmail}`}>{config.supportEmail}</Link>.
    </>
  );
}

/** 404 (spec 1 section 2): the text can be replaced through the site config. */
export default function NotFoundPage() {
  const { data: config } = useConfig();
  return (
    <StatusPage code="404" title={config?.notFoundText || TEXTS.pageNotFound} actions={<StatusActions />}>
      <p>The page you are looking for does not exist or has moved.</p>
      <p>
        <SupportMailLine />
      </p>
    </StatusPage>
  );
}
