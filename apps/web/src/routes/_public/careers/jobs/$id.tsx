import { createFileRoute } from '@tanstack/react-router';
import { CareerJobScreen } from '../../../../features/careers/CareerJobScreen.tsx';

export const Route = createFileRoute('/_public/careers/jobs/$id')({
  component: function CareerJobPage() {
    return <CareerJobScreen id={Route.useParams().id} />;
  },
});
