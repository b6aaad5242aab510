import { createFileRoute } from '@tanstack/react-router';
import { WhyChooseUsScreen } from '../../features/public/WhyChooseUsScreen.tsx';

export const Route = createFileRoute('/_public/why-choose-us')({ component: WhyChooseUsScreen });
