import { ProgressPage } from './ProgressPage.tsx';

/** Progress by county: see ProgressPage. */
export default function ProgressCountyPage() {
  return <ProgressPage level="county" />;
}
