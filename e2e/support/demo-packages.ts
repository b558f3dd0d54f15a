// A package of the demo seed, looked up by name: other tests create, change and delete packages while these
// run, so "the first package in the list" is not always the same one.
import type { APIRequestContext } from '@playwright/test';

export interface DemoPackage {
  _id: string;
  name: string;
  description: string;
  images: string[];
}

/** Kerala Backwaters & Hills has three pictures and an overview longer than a link preview's description. */
const DEMO_PACKAGE_NAME = 'Kerala Backwaters & Hills';

export async function demoPackage(request: APIRequestContext, name = DEMO_PACKAGE_NAME): Promise<DemoPackage> {
  const list = (await (await request.get('/api/packages')).json()) as DemoPackage[];
  const pkg = list.find((p) => p.name === name);
  if (!pkg) throw new Error(`the demo seed has no package named ${name}`);
  return pkg;
}
