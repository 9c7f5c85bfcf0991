import { TEXTS } from '@parlance/shared';
import { StatusPage } from '../ui/StatusPage';
import { StatusActions, SupportMailLine } from './NotFoundPage';

/** /incorrect-account: signed in with the wrong account for what was asked (e.g. a payment link). */
export default function IncorrectAccountPage() {
  return (
    <StatusPage code="Oops" title={TEXTS.incorrectUser} actions={<StatusActions />}>
      <p>Sign out and sign in with the account the link was sent to, or go back to your homepage.</p>
      <p>
        <SupportMailLine />
      </p>
    </StatusPage>
  );
}
