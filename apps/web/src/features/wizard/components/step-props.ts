import type { PurchaseOrder } from '@parlance/shared';

/** What every step of the wizard gets from the page. */
export interface StepProps {
  order: PurchaseOrder;
  /** the step saved the order: show the next step */
  onNext: (order: PurchaseOrder) => void;
  onBack?: () => void;
  onFinishLater: () => void;
}
