// The nav bar of spec §2 "Navigation": All Packages; Update Profile, the role's dashboard and Logout when
// logged in, otherwise Login and Register; a collapsible menu on phones.
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { Link, NavLink } from '../../components/ui/link';
import { Menu, X } from 'lucide-react';
import { api } from '../../lib/api-client';
import { clearDrafts } from '../../lib/draft-storage';
import { useSession } from '../../lib/session';
import { QUEUE_DATABASE } from '../../pwa/cache-names';
import { forgetOfflineCopies } from '../../pwa/forget-offline';
import { dashboardPathFor, paths } from '../../config/paths';
import { Logo } from './logo';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-full px-4 py-2 text-sm font-medium transition-colors ${
    isActive ? 'bg-brand-50 text-brand-800' : 'text-stone-700 hover:bg-stone-100 hover:text-brand-800'
  }`;

export function NavBar() {
  const { user, logout } = useSession();
  const [pathname, navigate] = useLocation();
  // The menu belongs to the page it was opened on, so navigating closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const toggleRef = useRef<HTMLButtonElement>(null);

  // Escape closes the open menu and hands focus back to its button, as a disclosure menu should.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenOn(null);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  const handleLogout = async () => {
    // D34: inquiries waiting to send are the user's; logging out deletes them, so it is asked first.
    const queue = await import('../../pwa/logout-queue').catch(() => null);
    const question = queue && user ? await queue.logoutQuestion(user.id).catch(() => null) : null;
    if (question && !window.confirm(question)) return;
    // Revoke on the server too (D18); the local session ends either way.
    void api.post('/api/auth/logout').catch(() => undefined);
    // Unsent form input is kept through an expired session, not past a log-out someone chose.
    clearDrafts();
    // Nothing kept for offline use outlives the session (D34): no trace of this user for the next person.
    void forgetOfflineCopies().catch(() => undefined);
    if (queue && user) void queue.forgetQueue(user.id).catch(() => undefined);
    // The queue's code did not load (offline, never fetched): its database goes whole.
    else if (typeof indexedDB !== 'undefined') indexedDB.deleteDatabase(QUEUE_DATABASE);
    logout();
    navigate(paths.home);
  };

  const links = (
    <>
      <li>
        <NavLink to={paths.packages} className={linkClass} end>
          All Packages
        </NavLink>
      </li>
      {user ? (
        <>
          <li>
            <NavLink to={paths.profile} className={linkClass}>
              Update Profile
            </NavLink>
          </li>
          <li>
            <NavLink to={dashboardPathFor(user.role)} className={linkClass}>
              Dashboard
            </NavLink>
          </li>
          {user.role === 'Owner' || user.role === 'Staff' ? (
            <li>
              <NavLink to={paths.suppliers} className={linkClass}>
                Suppliers
              </NavLink>
            </li>
          ) : null}
          {user.role === 'Owner' ? (
            <>
              <li>
                <NavLink to={paths.payables} className={linkClass}>
                  What we owe
                </NavLink>
              </li>
              <li>
                <NavLink to={paths.reports} className={linkClass}>
                  Reports
                </NavLink>
              </li>
            </>
          ) : null}
          <li>
            <button
              type="button"
              onClick={() => void handleLogout()}
              className={linkClass({ isActive: false }) + ' w-full text-left'}
            >
              Logout
            </button>
          </li>
        </>
      ) : (
        <>
          <li>
            <NavLink to={paths.login} className={linkClass}>
              Login
            </NavLink>
          </li>
          <li>
            <NavLink
              to={paths.register}
              className="block rounded-full bg-accent-600 px-4 py-2 text-sm font-semibold text-white hover:bg-accent-700"
            >
              Register
            </NavLink>
          </li>
        </>
      )}
    </>
  );

  return (
    <header className="sticky top-0 z-40 border-b border-stone-200/80 bg-white/95 backdrop-blur">
      <nav aria-label="Main" className="container-page flex h-16 items-center justify-between">
        <Link to={paths.home} className="flex items-center gap-2" aria-label="Safarnama home">
          <Logo />
        </Link>
        <ul className="hidden items-center gap-1 md:flex">{links}</ul>
        <button
          ref={toggleRef}
          type="button"
          className="inline-flex size-11 items-center justify-center rounded-full text-stone-700 hover:bg-stone-100 md:hidden"
          aria-label={open ? 'Close menu' : 'Open menu'}
          aria-expanded={open}
          aria-controls="mobile-menu"
          onClick={() => setOpenOn(open ? null : pathname)}
        >
          {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
        </button>
      </nav>
      {open ? (
        <ul id="mobile-menu" className="container-page space-y-1 border-t border-stone-100 pt-2 pb-4 md:hidden">
          {links}
        </ul>
      ) : null}
    </header>
  );
}
