// The demo agency's logins (D12): the one place that names them, printed by `npm start` after seeding.
import type { Role } from '@safarnama/contract';

export interface DemoAccount {
  role: Role;
  name: string;
  email: string;
  /** Meets the D4 rule; for the demo only. */
  password: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { role: 'Owner', name: 'Aarav Mehta', email: 'owner@safarnama.example', password: 'Owner@123' },
  { role: 'Staff', name: 'Priya Nair', email: 'staff@safarnama.example', password: 'Staff@123' },
  { role: 'Staff', name: 'Rohan Verma', email: 'staff2@safarnama.example', password: 'Staff@123' },
  { role: 'Customer', name: 'Ananya Iyer', email: 'customer@safarnama.example', password: 'Customer@123' },
];
