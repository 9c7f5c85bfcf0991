import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ProjectDetail } from '@parlance/shared';
import { useCsrfToken, useJobQualityReports, useReviewedFiles } from '../quality-report-api';

/** Editor link: a query string, so a full page load (spec 2 section 2), as the editors expect. */
function editorHref(kind: 'free' | 'detailed', jobId: number, uuid: string, csrftoken: string): string {
  const q = new URLSearchParams({ project_id: String(jobId), resource_uuid: uuid, csrftoken });
  return `/quality-report/${kind}?${q.toString()}`;
}

/** The reviewed project's files with their quality report editors, on a QA or LL job's panel. */
export function QualityReportLinks({ project }: { project: ProjectDetail }) {
  const files = useReviewedFiles(project.reviewedProjectId);
  const reports = useJobQualityReports(project.id);
  const csrf = useCsrfToken();
  if (files.error || reports.error) return null;
  if (!files.data || !reports.data || csrf.data === undefined) return <Skeleton height={80} />;
  const has = (uuid: string, kind: string) =>
    reports.data.reports.some((r) => r.resourceUuid === uuid && r.kind === kind);
  if (files.data.length === 0) return null;
  return (
    <>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>
        Quality reports
      </Typography>
      <Table size="small" aria-label="Quality reports of the files" sx={{ mb: 2 }}>
        <TableHead>
          <TableRow>
            <TableCell>File</TableCell>
            <TableCell>Free report</TableCell>
            <TableCell>Detailed report</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {files.data.map((f) => (
            <TableRow key={f.uuid}>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{f.name}</TableCell>
              {(['free', 'detailed'] as const).map((kind) => (
                <TableCell key={kind}>
                  <Link
                    href={editorHref(kind, project.id, f.uuid, csrf.data)}
                    aria-label={`${kind === 'free' ? 'Free' : 'Detailed'} report of ${f.name}`}
                  >
                    {has(f.uuid, kind) ? 'Open' : project.actions.includes('review') ? 'Write' : 'Open'}
                  </Link>
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}
