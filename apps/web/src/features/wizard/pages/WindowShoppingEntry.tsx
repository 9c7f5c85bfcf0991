import { PATHS } from '@parlance/shared';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';

// The window-shopping entry (/wizard/2/entry): a visitor orders without an account. The auth page
// reads this key to send such a customer to their projects after signing up.
const WINDOW_SHOPPING_KEY = 'wizardWindowShopping';

export function WindowShoppingEntry() {
  const navigate = useNavigate();
  useEffect(() => {
    sessionStorage.setItem(WINDOW_SHOPPING_KEY, '1');
    navigate(PATHS.wizard, { replace: true });
  }, [navigate]);
  return null;
}
