import Button from '@mui/material/Button';
import SupportAgentIcon from '@mui/icons-material/SupportAgentOutlined';
import { PATHS } from '@parlance/shared';
import { useCurrentUser } from '../app/current-user';
import { AppLink } from '../ui/AppLink';
import { PageContainer } from '../ui/PageContainer';
import { TextSection } from '../ui/TextSection';
import { JOIN_AS_TRANSLATOR } from './navigation';
import { SupportEmail } from './SupportEmail';
import { useOpenSupport } from './support';

/** The public help page: what Parlance is, answers for customers and translators, how to reach us. */
export default function HelpCenterPage() {
  const { data: user } = useCurrentUser();
  const openSupport = useOpenSupport();
  return (
    <PageContainer title="Help Center" subtitle="Answers to common questions, and how to reach a person." narrow>
      <TextSection id="about" title="About Parlance">
        <p>
          Parlance connects people and companies who need words in another language with professional translators. Order
          translation, proofreading, transcription, website localization or machine translation with post-editing;
          follow the work as it progresses; talk with your translators in the team chat; and pay with credits or
          purchase orders.
        </p>
      </TextSection>
      <TextSection id="customers" title="For customers">
        <p>
          <strong>How do I order?</strong> Start an order, upload a file or paste your text, pick the languages, the
          subject area and a plan. You see the price before you pay.
        </p>
        <p>
          <strong>What are credits?</strong> Credits are the money of your Parlance account: one credit is one US cent.
          Buy them in advance for faster ordering, or pay each order as you go.
        </p>
        <p>
          <strong>Can I work with the same translators again?</strong> Yes. MyTeam keeps the translators you like, and
          the team chat lets you brief them directly.
        </p>
        <Button variant="contained" component={AppLink} href={PATHS.wizard} sx={{ mt: 1 }}>
          Translate now
        </Button>
      </TextSection>
      <TextSection id="translators" title="Translators FAQ">
        <p>
          <strong>How do I join?</strong> Register as a translator, add your language pairs and expertise to your
          profile, and complete the short evaluation. New translators work under probation until their first projects
          are reviewed.
        </p>
        <p>
          <strong>How do I get work?</strong> Open projects that match your languages appear in your list; take the ones
          you can deliver on time. Customers can also add you to their team.
        </p>
        <p>
          <strong>How am I paid?</strong> Earnings appear in your balance when a project is accepted; request a payout
          from your balance page.
        </p>
        {!user && (
          <Button variant="outlined" component={AppLink} href={JOIN_AS_TRANSLATOR} sx={{ mt: 1 }}>
            Join as a Translator
          </Button>
        )}
      </TextSection>
      <TextSection id="contact" title="Contact support">
        {user ? (
          <>
            <p>Our support team answers within one business day. Opening support signs you in to the help centre.</p>
            <Button variant="contained" startIcon={<SupportAgentIcon />} onClick={openSupport} sx={{ mt: 1 }}>
              Contact support
            </Button>
          </>
        ) : (
          <p>
            Write to <SupportEmail /> and we will answer within one business day. If you have an account, sign in first
            so that we can see your orders.
          </p>
        )}
      </TextSection>
    </PageContainer>
  );
}
