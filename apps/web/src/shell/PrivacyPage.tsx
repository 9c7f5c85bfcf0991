import { PageContainer } from '../ui/PageContainer';
import { TextSection } from '../ui/TextSection';
import { SupportEmail } from './SupportEmail';

export default function PrivacyPage() {
  return (
    <PageContainer title="Privacy policy" subtitle="What we collect, why, and what you can ask of us." narrow>
      <TextSection title="What we collect">
        <ul>
          <li>Account details: your name, email address, company, country, phone number if you give one.</li>
          <li>
            Billing details needed for invoices and payments. Card numbers are handled by the payment provider, not
            stored by us.
          </li>
          <li>The documents you upload, the translations delivered, and the messages you exchange in Parlance.</li>
          <li>Technical data: your IP address (used to suggest your country), and records of sign-ins for security.</li>
        </ul>
      </TextSection>
      <TextSection title="Why we use it">
        <ul>
          <li>
            To run your account and carry out your orders, including sharing order material with the translator doing
            the work.
          </li>
          <li>To bill you, pay translators and keep the accounting records the law requires.</li>
          <li>To keep the service secure: sign-in protection, fraud prevention, audit of administrative actions.</li>
          <li>To send you the emails you chose in your mailing preferences. You can change them at any time.</li>
        </ul>
      </TextSection>
      <TextSection title="Cookies and local storage">
        <p>
          We use one session cookie to keep you signed in and protect your requests. Your browser's local storage keeps
          a few display preferences, such as whether the sidebar is open. We use no advertising cookies.
        </p>
      </TextSection>
      <TextSection title="Who we share it with">
        <p>
          Translators see the material of the orders they work on. Payment and email providers receive what they need to
          do their job. We do not sell personal data.
        </p>
      </TextSection>
      <TextSection title="How long we keep it">
        <p>
          Account data is kept while your account is open. Invoices and payment records are kept as long as tax law
          requires. Uploaded files and deliveries can be deleted on request once an order is finished.
        </p>
      </TextSection>
      <TextSection title="Your rights">
        <p>
          You can see and correct your data in your profile, ask for a copy of it, ask us to delete your account, or
          object to a use of your data. Write to <SupportEmail />; we answer within 30 days.
        </p>
      </TextSection>
    </PageContainer>
  );
}
