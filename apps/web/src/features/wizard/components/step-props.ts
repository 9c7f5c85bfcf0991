import type { PurchaseOrder } from '@parlance/shared';
import type { StepName } from '../steps';

/** What every step of the wizard gets from the page. */
export interface StepProps {
  order: PurchaseOrder;
  /** the step saved the order: show the next step (or, on the last shown step, go to the cart) */
  onNext: (order: PurchaseOrder) => void;
  onBack?: () => void;
  onFinishLater: () => void;
  /** the steps shown (UI feature flags): a step may stand in for a hidden one */
  steps: readonly StepName[];
  /** the label of the step's Next button: "Add to cart" on the last shown step */
  nextLabel: string;
}
