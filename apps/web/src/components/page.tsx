import { ROOT_REDIRECT } from '@bible-qa/contract';
import NavBar from 'antd-mobile/es/components/nav-bar';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useRouteTitle } from '../lib/route-meta.ts';

interface PageProps {
  /** `data-testid` of the page root, e.g. `page-about`. */
  testId: string;
  /** The heading; defaults to the route's title, then the app title. */
  title?: ReactNode;
  /** Show the back arrow (default true). */
  back?: boolean;
  /** Beside the back arrow, or in its place when `back` is false. */
  left?: ReactNode;
  right?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** `muted` puts the body on the grey page background, for card lists. */
  tone?: 'plain' | 'muted';
}

/** A screen: a NavBar with the route's title and back arrow, a scrolling body and an optional fixed footer. */
export function Page({ testId, title, back = true, left, right, children, footer, tone = 'plain' }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const routeTitle = useRouteTitle();
  // The first page of a visit has no history entry of ours to return to; go home instead of leaving the app.
  const onBack = () => (location.key === 'default' ? navigate(ROOT_REDIRECT, { replace: true }) : navigate(-1));
  return (
    <section className={`page page-${tone}`} data-testid={testId}>
      <NavBar
        className="page-nav"
        backIcon={back}
        back={
          back ? (
            <span className="sr-only" data-testid={`${testId}-back`}>
              {t('common.back')}
            </span>
          ) : null
        }
        onBack={onBack}
        left={left}
        right={right}
      >
        <span data-testid={`${testId}-title`}>{title ?? routeTitle ?? t('app.title')}</span>
      </NavBar>
      <div className="page-body">{children}</div>
      {footer ? <div className="page-footer">{footer}</div> : null}
    </section>
  );
}

/** A titled block of text, used by the about, service, policy and help pages. */
export function TextSection({ title, children }: { title?: ReactNode; children: ReactNode }) {
  return (
    <article className="text-section">
      {title ? <h2 className="text-section-title">{title}</h2> : null}
      <p className="text-section-body">{children}</p>
    </article>
  );
}
