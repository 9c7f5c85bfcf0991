import { describe, expect, it } from 'vitest';
import { inStatusGroup, PROJECT_STATUSES, type ProjectStatus, STATUS_GROUPS } from '@parlance/shared';
import type { ViewerRole } from './policy';
import { shown } from './policy-test-helpers';

// The permissions table of the project lifecycle, cell by cell: what each viewer may do with a
// classic project in each status. A change to the status machine or the policy must change this
// table on purpose. (Candidates are offered a job by matching; they may take it, nothing else.)
const ROLES = ['customer', 'translator', 'editor', 'admin', 'staff', 'reviewer'] as const;
type Row = Record<(typeof ROLES)[number], string>;
const TABLE: Record<ProjectStatus, Row> = {
  PENDING: {
    customer: 'cancel message',
    translator: 'message',
    editor: 'message',
    admin: 'cancel hold message reassign',
    staff: '',
    reviewer: '',
  },
  PREPROCESSING: {
    customer: 'cancel message',
    translator: 'message',
    editor: 'message',
    admin: 'cancel hold message',
    staff: '',
    reviewer: '',
  },
  IN_PROGRESS: {
    customer: 'message',
    translator: 'deliver message open-editor',
    editor: 'message',
    admin: 'hold message reassign',
    staff: '',
    reviewer: '',
  },
  DELAYED: {
    customer: 'message',
    translator: 'deliver message open-editor',
    editor: 'message',
    admin: 'hold message reassign',
    staff: '',
    reviewer: '',
  },
  READY: {
    customer: 'approve dispute message open-editor rate',
    translator: 'message',
    editor: 'message',
    admin: 'hold message',
    staff: '',
    reviewer: '',
  },
  IN_REVIEW: {
    customer: 'message',
    translator: 'message',
    editor: 'deliver message open-editor',
    admin: 'hold message',
    staff: '',
    reviewer: '',
  },
  POSTPROCESSING: {
    customer: 'message',
    translator: 'message',
    editor: 'message',
    admin: 'hold message',
    staff: '',
    reviewer: '',
  },
  COMPLETED: {
    customer: 'message open-editor rate',
    translator: 'message',
    editor: 'message',
    admin: 'create-review-job message',
    staff: '',
    reviewer: '',
  },
  HOLD: {
    customer: 'message',
    translator: 'message',
    editor: 'message',
    admin: 'message release',
    staff: '',
    reviewer: '',
  },
  CANCELLED: {
    customer: 'message',
    translator: 'message',
    editor: 'message',
    admin: 'message',
    staff: '',
    reviewer: '',
  },
  DISPUTED: {
    customer: 'message open-editor rate',
    translator: 'message',
    editor: 'message',
    admin: 'hold message resolve',
    staff: '',
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
  delivered: 'COMPLETED DISPUTED READY',
};

describe('project permissions: every viewer against every status', () => {
  for (const status of PROJECT_STATUSES) {
    for (const role of ROLES) {
      it(`${role} / ${status}: ${TABLE[status][role] || 'nothing'}`, () => {
        expect(
          shown(role as ViewerRole, status)
            .sort()
            .join(' '),
        ).toBe(TABLE[status][role]);
      });
    }
    it(`candidate / ${status}: only the job offered`, () => {
      expect(shown('candidate', status, 'take')).toEqual(['take']);
      expect(shown('candidate', status, 'take-edit')).toEqual(['take-edit']);
      expect(shown('candidate', status, null)).toEqual([]);
    });
  }

  it('a QA or LL job: the reviewer submits, the admin holds or releases, the customer reads', () => {
    expect(shown('translator', 'IN_PROGRESS', null, 'qa').sort()).toEqual(['message', 'open-editor', 'review']);
    expect(shown('translator', 'COMPLETED', null, 'qa')).not.toContain('open-editor');
    expect(shown('admin', 'IN_PROGRESS', null, 'll').sort()).toEqual(['hold', 'message']);
    expect(shown('customer', 'IN_PROGRESS', null, 'qa')).toEqual(['message']);
  });

  it('the editor opens only for kinds that translate files', () => {
    expect(shown('translator', 'IN_PROGRESS', null, 'bundle')).toContain('open-editor');
    expect(shown('translator', 'IN_PROGRESS', null, 'bonus')).not.toContain('open-editor');
    expect(shown('customer', 'READY', null, 'rating')).not.toContain('open-editor');
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
