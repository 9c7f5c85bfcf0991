export const ACCOUNT_MANAGER_TEXTS = {
  title: 'Account manager',
  none: 'No account manager',
  notCustomer: 'Only customers have an account manager',
  notStaff: 'Choose a staff member as the account manager',
  assigned: 'Account manager assigned',
  unassigned: 'Account manager removed',
  notAManager: 'This user is not a staff member, so they look after no customers.',
} as const;
