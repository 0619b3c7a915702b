import { Navigate, useLocation } from 'react-router';

/**
 * `/auth-redirect`: the landing spot of a third-party sign-in. None is configured yet, so it
 * hands whatever query it got to the login page instead of leaving the user on a blank page.
 */
export default function AuthRedirectPage() {
  const { search } = useLocation();
  return <Navigate replace to={`/login${search}`} />;
}
