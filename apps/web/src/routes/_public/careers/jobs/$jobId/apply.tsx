import { createFileRoute } from '@tanstack/react-router';
import { ApplyScreen } from '../../../../../features/careers/ApplyScreen.tsx';
import { preloadOpening } from '../../../../../features/careers/loaders.ts';

export const Route = createFileRoute('/_public/careers/jobs/$jobId/apply')({
  loader: ({ context, params }) => preloadOpening(context.queryClient, params.jobId),
  component: function ApplyPage() {
    return <ApplyScreen jobId={Route.useParams().jobId} />;
  },
});
