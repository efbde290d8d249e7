import { Navigate, useLocation, useParams } from 'react-router';
import { safeRedirectTarget } from '../../lib/safe-path.ts';

/**
 * /redirect/<path>: replaces itself with /<path> (keeping the query and hash), which lets a link re-enter a route,
 * e.g. to reload the page it is on. Only same-origin targets are followed; anything else goes to chat.
 */
export function RedirectPage() {
  const { '*': rest } = useParams();
  const { search, hash } = useLocation();
  const target = safeRedirectTarget(`${rest ?? ''}${search}${hash}`, window.location.origin);
  return <Navigate to={target} replace />;
}
