// Every route path in one place; pages and links build URLs from these.
export const paths = {
  home: '/',
  packages: '/packages',
  packageDetails: (id: string) => `/packages/${encodeURIComponent(id)}`,
  about: '/about',
  contact: '/contact',
  /**
   * Book Now: /contact with the package's name and duration, which the inquiry form starts from (features/contact);
   * the callers add `&packageId=`, which links the inquiry to the package (D26), out of every page's first load.
   */
  bookPackage: (name: string, duration: string) =>
    `/contact?${new URLSearchParams({ package: name, duration }).toString()}`,
  faq: '/faq',
  /** D30: a customer's trip page by the link mailed to them (its token is the whole authority). */
  trip: (token: string) => `/trip/${encodeURIComponent(token)}`,
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  profile: '/profile-update',
  ownerDashboard: '/owner-dashboard',
  staffDashboard: '/staff-dashboard',
  customerDashboard: '/customer-dashboard',
  createPackage: '/create-package',
  managePackages: '/manage-packages',
  editPackage: (id: string) => `/packages/edit/${encodeURIComponent(id)}`,
  manageStaff: '/manage-staff',
  createInquiry: '/create-inquiry',
  allInquiries: '/all-inquiries',
  editInquiry: (id: string) => `/inquiries/edit/${encodeURIComponent(id)}`,
  viewInquiry: (id: string) => `/inquiries/view/${encodeURIComponent(id)}`,
  backgroundImages: '/background-images',
  /** D25: the Owner's view of mail delivery. */
  notifications: '/notifications',
  /** Where a customer's unsubscribe link lands (the API redirects here). */
  unsubscribed: '/unsubscribed',
  reports: '/reports',
  /** D33: the supplier directory (Staff and the Owner). */
  suppliers: '/suppliers',
  /** D33: what we owe the suppliers (the Owner); ?supplier={id} opens one. */
  payables: '/payables',
} as const;

/** Spec §2: where each role lands after login. */
export function dashboardPathFor(role: string | undefined): string {
  if (role === 'Owner') return paths.ownerDashboard;
  if (role === 'Staff') return paths.staffDashboard;
  if (role === 'Customer') return paths.customerDashboard;
  return paths.home;
}
