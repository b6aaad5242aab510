import { createFileRoute } from '@tanstack/react-router';
import { ApplyScreen } from '../../../../../features/careers/ApplyScreen.tsx';

export const Route = createFileRoute('/_public/careers/jobs/$jobId/apply')({
  component: function ApplyPage() {
    return <ApplyScreen jobId={Route.useParams().jobId} />;
  },
});
