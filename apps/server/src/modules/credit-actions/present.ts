import {
  CREDIT_ACTION_RULES,
  type CreditAction,
  type CreditActionKind,
  type CreditList,
  RECURRENCES,
} from '@parlance/shared';
import type { CreditListRow } from './service';

type Recurrence = (typeof RECURRENCES)[number];

function presentOne(row: CreditListRow): Omit<CreditAction, 'childActions'> {
  const a = row.action;
  const rule = CREDIT_ACTION_RULES[a.type as CreditActionKind];
  const topLevel = a.parentId === null;
  return {
    Id: a.id,
    parentId: a.parentId,
    type: a.type,
    typeLabel: rule?.label ?? a.type,
    reason: a.reason,
    amount: a.amount,
    'Operator Id': a.operatorId,
    operatorName: row.operatorName,
    Remarks: a.remarks,
    invoiceId: a.invoiceId,
    recurrence: (RECURRENCES as readonly string[]).includes(a.recurrence) ? (a.recurrence as Recurrence) : 'none',
    nextRunAt: a.nextRunAt?.toISOString() ?? null,
    stoppedAt: a.stoppedAt?.toISOString() ?? null,
    createdAt: a.createdAt.toISOString(),
    editable: topLevel && (rule?.editable ?? false),
    canSaveInvoice: topLevel && (rule?.invoice ?? false),
  };
}

export function presentCreditAction(row: CreditListRow, children: CreditListRow[]): CreditAction {
  return { ...presentOne(row), childActions: children.map(presentOne) };
}

export function presentCreditList(
  page: { parents: CreditListRow[]; children: CreditListRow[]; totalCount: number },
  balance: number,
  canWrite: boolean,
): CreditList {
  return {
    results: page.parents.map((p) =>
      presentCreditAction(
        p,
        page.children.filter((c) => c.action.parentId === p.action.id),
      ),
    ),
    totalCount: page.totalCount,
    balance,
    canWrite,
  };
}
