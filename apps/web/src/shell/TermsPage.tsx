import { PageContainer } from '../ui/PageContainer';
import { TextSection } from '../ui/TextSection';
import { SupportEmail } from './SupportEmail';

export default function TermsPage() {
  return (
    <PageContainer title="Terms of service" subtitle="The rules for using Parlance, in plain words." narrow>
      <TextSection title="1. Who we are">
        <p>
          Parlance is a marketplace for language services. Customers order translation, proofreading, transcription,
          localization and related work; independent translators take that work and deliver it through Parlance. By
          creating an account or using the site you agree to these terms.
        </p>
      </TextSection>
      <TextSection title="2. Your account">
        <ul>
          <li>Give accurate information when you register and keep it up to date.</li>
          <li>
            Keep your password and two-step login codes to yourself; you are responsible for what happens under your
            account.
          </li>
          <li>Tell us at once if you think someone else has used your account.</li>
          <li>A company may add sub-accounts; the main account holder is responsible for them.</li>
        </ul>
      </TextSection>
      <TextSection title="3. Orders, credits and payment">
        <p>
          Prices are shown before you order. Work is paid in credits, where one credit is worth one US cent; you can buy
          credits or pay an order directly. Credits are added to your balance only once a payment has cleared, and every
          movement of credits appears in your statements.
        </p>
        <p>
          An order that has not been taken by a translator can be cancelled and its credits return to your balance. Once
          work has started, cancellation and refunds are handled case by case through support.
        </p>
      </TextSection>
      <TextSection title="4. Translators">
        <p>
          Translators work as independent professionals, not as employees of Parlance. They agree to deliver on time,
          follow the customer's brief and instructions, keep customer material confidential and not use machine output
          as human work where an order asks for human translation. Earnings become available in the balance once work is
          accepted and can be paid out under the payout rules shown in the app.
        </p>
      </TextSection>
      <TextSection title="5. Content and confidentiality">
        <p>
          You keep the rights to the material you upload and to the translations you pay for. You give Parlance and the
          translator working on your order the right to use the material only to carry out that order. Do not upload
          anything you are not allowed to share.
        </p>
      </TextSection>
      <TextSection title="6. Acceptable use">
        <ul>
          <li>No unlawful, hateful or infringing content.</li>
          <li>No attempts to break, overload or scrape the service, or to get around its security.</li>
          <li>No contacting other users to take work or payment outside Parlance.</li>
        </ul>
        <p>We may suspend accounts that break these rules.</p>
      </TextSection>
      <TextSection title="7. Liability">
        <p>
          We work to keep Parlance available and the work delivered through it of high quality, but the service is
          provided as is. To the extent the law allows, our liability for any order is limited to the amount paid for
          that order.
        </p>
      </TextSection>
      <TextSection title="8. Changes and contact">
        <p>
          We may update these terms; when the change matters, we will tell you before it applies. Questions about these
          terms: <SupportEmail />.
        </p>
      </TextSection>
    </PageContainer>
  );
}
