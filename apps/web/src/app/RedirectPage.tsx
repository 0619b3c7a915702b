import { Navigate, useLocation, useParams } from 'react-router';

/** `/redirect/<path>`: replaces itself with `<path>` and its query, remounting the page (tab refresh). */
export default function RedirectPage() {
  const splat = useParams()['*'] ?? '';
  const { search } = useLocation();
  return <Navigate replace to={`/${splat}${search}`} />;
}
