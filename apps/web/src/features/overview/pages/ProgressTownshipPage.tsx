import { ProgressPage } from './ProgressPage.tsx';

/** Progress by township: see ProgressPage. */
export default function ProgressTownshipPage() {
  return <ProgressPage level="township" />;
}
