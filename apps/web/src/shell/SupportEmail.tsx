import Link from '@mui/material/Link';
import { useConfig } from '../app/current-user';

/** The support address from the site config, as a mail link. */
export function SupportEmail() {
  const { data: config } = useConfig();
  const email = config?.supportEmail;
  if (!email) return <>our support team</>;
  return <Link href={`mailto:${email}`}>{email}</Link>;
}
