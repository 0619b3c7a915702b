import { ProgressPage } from './ProgressPage.tsx';

/** Progress by section: see ProgressPage. */
export default function ProgressSectionPage() {
  return <ProgressPage level="section" />;
}
