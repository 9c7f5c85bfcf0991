import { describe, expect, it } from 'vitest';
import { inStatusGroup, PROJECT_STATUSES, type ProjectStatus, STATUS_GROUPS } from '@parlance/shared';
import { actionsFor, type ViewerRole } from './policy';

// The permissions table of the project lifecycle, cell by cell: what each viewer may do with a
// classic project in each status. A change to the status machine or the policy must change this
// table on purpose. (Candidates are offered a job by matching; they may take it, nothing else.)
const ROLES = ['customer', 'translator', 'editor', 'admin', 'reviewer'] as const;
type Row = Record<(typeof ROLES)[number], string>;
const TABLE: Record<ProjectStatus, Row> = {
  PENDING: {
    customer: 'cancel message',
    translator: 'message',
    editor: 'message',
    admin: 'cancel hold message reassign',
    reviewer: '',
  },
  PREPROCESSING: {
    customer: 'cancel message',
    translator: 'message',
    editor: 'message',
    admin: 'cancel hold message',
    reviewer: '',
  },
  IN_PROGRESS: {
    customer: 'message',
    translator: 'deliver message',
    editor: 'message',
    admin: 'hold message reassign',
    reviewer: '',
  },
  DELAYED: {
    customer: 'message',
    translator: 'deliver message',
    editor: 'message',
    admin: 'hold message reassign',
    reviewer: '',
  },
  READY: {
    customer: 'approve dispute message rate',
    translator: 'message',
    editor: 'message',
    admin: 'hold message',
    reviewer: '',
  },
  IN_REVIEW: {
    customer: 'message',
    translator: 'message',
    editor: 'deliver message',
    admin: 'hold message',
    reviewer: '',
  },
  POSTPROCESSING: {
    customer: 'message',
    translator: 'message',
    editor: 'message',
    admin: 'hold message',
    reviewer: '',
  },
  COMPLETED: {
    customer: 'message rate',
    translator: 'message',
    editor: 'message',
    admin: 'create-review-job message',
    reviewer: '',
  },
  HOLD: { customer: 'message', translator: 'message', editor: 'message', admin: 'message release', reviewer: '' },
  CANCELLED: { customer: 'message', translator: 'message', editor: 'message', admin: 'message', reviewer: '' },
  DISPUTED: {
    customer: 'message rate',
    translator: 'message',
    editor: 'message',
    admin: 'hold message resolve',
    reviewer: '',
  },
};

// Which statuses each named group holds, written out (packages/shared/src/project-status-groups.ts).
const GROUPS: Record<keyof typeof STATUS_GROUPS, string> = {
  ratable: 'COMPLETED DISPUTED READY',
  downloadable: 'COMPLETED READY',
  replaceable: 'DELAYED IN_PROGRESS IN_REVIEW READY',
  active: 'DELAYED IN_PROGRESS IN_REVIEW',
  translatorWorking: 'DELAYED IN_PROGRESS',
  deadlineRunning: 'DELAYED IN_PROGRESS IN_REVIEW PENDING',
  open: 'IN_REVIEW PENDING',
};

describe('project permissions: every viewer against every status', () => {
  for (const status of PROJECT_STATUSES) {
    for (const role of ROLES) {
      it(`${role} / ${status}: ${TABLE[status][role] || 'nothing'}`, () => {
        expect(
          actionsFor(role as ViewerRole, status)
            .sort()
            .join(' '),
        ).toBe(TABLE[status][role]);
      });
    }
    it(`candidate / ${status}: only the job offered`, () => {
      expect(actionsFor('candidate', status, 'take')).toEqual(['take']);
      expect(actionsFor('candidate', status, 'take-edit')).toEqual(['take-edit']);
      expect(actionsFor('candidate', status, null)).toEqual([]);
    });
  }

  it('a QA or LL job: the reviewer submits, the admin holds or releases, the customer reads', () => {
    expect(actionsFor('translator', 'IN_PROGRESS', null, 'qa').sort()).toEqual(['message', 'review']);
    expect(actionsFor('admin', 'IN_PROGRESS', null, 'll').sort()).toEqual(['hold', 'message']);
    expect(actionsFor('customer', 'IN_PROGRESS', null, 'qa')).toEqual(['message']);
  });
});

describe('status groups', () => {
  for (const [group, members] of Object.entries(GROUPS) as [keyof typeof STATUS_GROUPS, string][]) {
    it(`${group}: ${members}`, () => {
      const inGroup = PROJECT_STATUSES.filter((s) => inStatusGroup(group, s));
      expect([...inGroup].sort().join(' ')).toBe(members);
    });
  }
  it('every group is written out above', () => {
    expect(Object.keys(STATUS_GROUPS).sort()).toEqual(Object.keys(GROUPS).sort());
  });
});
