// Work done once at start after migrations: owner bootstrap (D2) and the demo seed (D12).
import type { App } from './app';
import { bootstrapOwner } from './auth/owner-bootstrap';
import { seedDemoAgency } from './seed/demo-seed';

export async function runStartupTasks(app: App): Promise<void> {
  await bootstrapOwner(app);
  await seedDemoAgency(app);
}
