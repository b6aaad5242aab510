import { createFileRoute } from '@tanstack/react-router';
import { ReviewScreen } from '../../features/reviews/ReviewScreen.tsx';

/** A client's review link (the shared shortlist), outside the public site's layout and any sign-in. */
export const Route = createFileRoute('/review/$token')({
  component: function ReviewPage() {
    return <ReviewScreen token={Route.useParams().token} />;
  },
});
