// The app's links: wouter's <Link>, with two things the app's links have always done. A link to the page
// already shown replaces its history entry rather than stacking a duplicate that Back would have to pass
// (the nav bar's, the footer's and the logo's links are often that); a NavLink says which page is current
// (aria-current, and its class).
import type { AnchorHTMLAttributes } from 'react';
import { Link as WouterLink } from 'wouter';
import { useHistory } from '../../lib/navigation';

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'target'> & {
  /** An absolute path, with a query string and hash if any. */
  to: string;
  replace?: boolean;
  state?: unknown;
};

export function Link({ to, replace, ...rest }: LinkProps) {
  const { entry } = useHistory();
  const here = to === entry.pathname + entry.search + entry.hash;
  return <WouterLink to={to} replace={replace ?? here} {...rest} />;
}

export type NavLinkProps = Omit<LinkProps, 'className'> & {
  className?: string | ((state: { isActive: boolean }) => string);
  /** Active only on the exact path, not on paths below it. */
  end?: boolean;
};

export function NavLink({ className, end = false, ...rest }: NavLinkProps) {
  const { entry } = useHistory();
  const target = rest.to
    .replace(/[?#].*/, '')
    .toLowerCase()
    .replace(/(.)\/$/, '$1');
  const current = entry.pathname.toLowerCase();
  const isActive = current === target || (!end && current.startsWith(target.endsWith('/') ? target : `${target}/`));
  return (
    <Link
      {...rest}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
    />
  );
}
