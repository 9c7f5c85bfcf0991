import { PROJECT_LIMITS } from '@parlance/shared';
import type { Paging } from '../api';
import { TablePager } from '../../../ui/TablePager';

interface ListPaginationProps {
  totalCount: number;
  paging: Paging;
  onPaging: (paging: Paging) => void;
  /** a shorter label on narrow screens */
  compact?: boolean;
}

/** The pager under a server-paged list: 1-based pages, the project lists' rows-per-page options. */
export function ListPagination({ totalCount, paging, onPaging, compact = false }: ListPaginationProps) {
  return (
    <TablePager
      component="div"
      count={totalCount}
      page={paging.page - 1}
      rowsPerPage={paging.perPage}
      rowsPerPageOptions={[...PROJECT_LIMITS.rowsPerPageOptions]}
      onPageChange={(_, page) => onPaging({ ...paging, page: page + 1 })}
      onRowsPerPageChange={(e) => onPaging({ page: 1, perPage: Number(e.target.value) })}
      labelRowsPerPage={compact ? 'Rows:' : 'Rows per page:'}
      sx={{ borderTop: 1, borderColor: 'divider', '& .MuiTablePagination-toolbar': { pl: 2, pr: 1 } }}
    />
  );
}
