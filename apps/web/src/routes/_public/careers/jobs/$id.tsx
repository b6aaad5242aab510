import { createFileRoute } from '@tanstack/react-router';
import { CareerJobScreen } from '../../../../features/careers/CareerJobScreen.tsx';
import { preloadOpening } from '../../../../features/careers/loaders.ts';

export const Route = createFileRoute('/_public/careers/jobs/$id')({
  loader: ({ context, params }) => preloadOpening(context.queryClient, params.id),
  component: function CareerJobPage() {
    return <CareerJobScreen id={Route.useParams().id} />;
  },
});
