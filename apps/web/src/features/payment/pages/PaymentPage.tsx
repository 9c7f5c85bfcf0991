import { lazy } from '../../../ui/lazy';
import { Route, Routes } from 'react-router';
import PaymentQuotePage from './PaymentQuotePage';
import ThankYouPage from './ThankYouPage';

// /payment/*: the payment pages (buy credits, thank you); anything else under /payment is not found.

const NotFoundPage = lazy(() => import('../../../shell/NotFoundPage'));

export default function PaymentPage() {
  return (
    <Routes>
      <Route path="quote" element={<PaymentQuotePage />} />
      <Route path="thankyou" element={<ThankYouPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
