export const ACCOUNT_MANAGER_TEXTS = {
  title: 'Account manager',
  none: 'No account manager',
  notCustomer: 'Only customers have an account manager',
  notStaff: 'Choose a staff member as the account manager',
  assigned: 'Account manager assigned',
  unassigned: 'Account manager removed',
} as const;
